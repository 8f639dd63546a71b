// Until when a booking's travellers can be changed: by its owner until a cutoff before the
// departure (configurable, 48 hours by default), by an administrator at any time. Pure and
// client-safe: the order page shows the cutoff, the travellers' form and the API enforce it.
import { agencyToday } from "~/platform/dates";

export const DEFAULT_TRAVELLERS_CUTOFF_HOURS = 48;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * When a calendar day begins at the agency: a departure leaves on its day, and the agency's clock
 * (agencyToday) says when that day starts, so the time zone stays written in one place. Any zone's
 * midnight lies within 15 hours of midnight UTC; the search narrows that to the minute.
 */
function agencyDayStart(date: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  let before = midnightUtc - 15 * HOUR_MS;
  let from = midnightUtc + 15 * HOUR_MS;
  while (from - before > MINUTE_MS) {
    const middle = before + Math.floor((from - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (agencyToday(new Date(middle)) >= date) from = middle;
    else before = middle;
  }
  return from;
}

/** Until when a customer may change their travellers: `hours` before the departure's day begins at the agency. */
export function travellersCutoff(departureDate: string, hours: number): Date {
  return new Date(agencyDayStart(departureDate) - hours * HOUR_MS);
}

/**
 * Who may change a booking's travellers now: an administrator at any time; the booking's owner until
 * the cutoff (at any time for a booking without a departure date) while the booking is live (not
 * cancelled or expired: nobody travels on it); nobody else (a guide only as an owner).
 */
export function canEditTravellers({
  role,
  isOwner,
  ended = false,
  now,
  departureDate,
  cutoffHours,
}: {
  role: "ADMIN" | "GUIDE" | "CUSTOMER";
  isOwner: boolean;
  /** the booking is cancelled or expired */
  ended?: boolean;
  now: Date;
  departureDate: string | null;
  cutoffHours: number;
}): boolean {
  if (role === "ADMIN") return true;
  if (!isOwner || ended) return false;
  return departureDate === null || now < travellersCutoff(departureDate, cutoffHours);
}
