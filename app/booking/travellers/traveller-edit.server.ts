// Completing or correcting a booking's travellers (names, dates of birth, ID numbers; never their
// number or categories), for the booking page and PUT /api/my-orders/{id}/travellers: the owner
// until the cutoff before departure, an administrator at any time, everyone else as if the booking
// did not exist. Every traveller is checked against their category's ages at the travel date and
// the package's "ID required"; on any error nothing is saved.
import { BOOKING_STATUS_LABELS, effectiveStatus } from "~/booking/core/booking-status";
import { canEditTravellers, travellersCutoff } from "~/booking/travellers/traveller-cutoff";
import { findBookingTravellers, saveTravellers, type StoredTraveller } from "~/booking/travellers/traveller-store.server";
import { validateTraveller } from "~/booking/travellers/travellers";
import type { PriceCategory } from "~/catalogue";
import { agencyToday, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";

interface Editor {
  id: string;
  isAdmin: boolean;
  isGuide: boolean;
}

interface FieldError {
  /** as the form and the API name the field: travellers[2].dateOfBirth */
  path: string;
  message: string;
}

export class TravellersError extends Error {
  constructor(
    readonly code: "not-found" | "closed" | "invalid",
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

/** What one traveller's change says; a field left out keeps what is stored. */
export interface TravellerChange {
  id: string;
  name?: string | null;
  dateOfBirth?: string | null;
  idNumber?: string | null;
}

/** The rules' view of a traveller's category: its snapshot on the booking. */
function categoryOf(traveller: StoredTraveller): PriceCategory {
  return {
    id: traveller.categoryId ?? "",
    name: traveller.categoryName,
    type: traveller.categoryType,
    price: traveller.priceCents / 100,
    minAge: traveller.minAge,
    maxAge: traveller.maxAge,
    takesSeat: traveller.takesSeat,
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
  };
}

/** "Travellers can be changed until 25 Dec 2030, 00:00 (Dhaka time); please contact us." is the page's; the API says this. */
const CLOSED_MESSAGE = "The travellers of this booking can no longer be changed online: the cutoff before departure has passed.";

type StoredBooking = NonNullable<Awaited<ReturnType<typeof findBookingTravellers>>>;

/** "Cancelled" or "Expired" when nobody travels on the booking any more, else null. */
function endedStatus(booking: StoredBooking, now: Date) {
  const status = effectiveStatus(booking, now);
  return status === "CANCELLED" || status === "EXPIRED" ? BOOKING_STATUS_LABELS[status] : null;
}

/** Until when the owner of a booking on this date may complete its travellers; null for a booking without a date. */
export function ownersCutoff(departureDate: string | null, cutoffHours = env().TRAVELLERS_CUTOFF_HOURS): Date | null {
  return departureDate === null ? null : travellersCutoff(departureDate, cutoffHours);
}

/**
 * A booking's travellers as its owner or an administrator sees them on the booking page (ID numbers
 * whole: they are theirs to check), whether this user may change them now and until when the owner
 * may. Null when the booking is not theirs to see.
 */
export async function bookingTravellers(
  orderId: string,
  user: Editor,
  { now = new Date(), cutoffHours = env().TRAVELLERS_CUTOFF_HOURS }: { now?: Date; cutoffHours?: number } = {},
) {
  const booking = await findBookingTravellers(orderId, user.isAdmin ? undefined : user.id);
  if (!booking) return null;
  const departureDate = booking.travelDate && isoDate(booking.travelDate);
  const ended = endedStatus(booking, now);
  return {
    idRequired: booking.service?.idRequired ?? false,
    canEdit: canEdit(user, booking.userId, ended !== null, departureDate, now, cutoffHours),
    ended,
    cutoff: ownersCutoff(departureDate, cutoffHours),
    travellers: booking.travellers.map((traveller) => ({
      id: traveller.id,
      category: traveller.categoryName,
      ageRange: { minAge: traveller.minAge, maxAge: traveller.maxAge },
      name: traveller.name,
      dateOfBirth: traveller.dateOfBirth && isoDate(traveller.dateOfBirth),
      idNumber: traveller.idNumber,
      idErased: traveller.idErasedAt !== null,
    })),
  };
}

function canEdit(user: Editor, ownerId: string, ended: boolean, departureDate: string | null, now: Date, cutoffHours: number) {
  const role = user.isAdmin ? "ADMIN" : user.isGuide ? "GUIDE" : "CUSTOMER";
  return canEditTravellers({ role, isOwner: ownerId === user.id, ended, now, departureDate, cutoffHours });
}

/**
 * Saves the changes of the travellers listed (each by its id, the index-th of the list naming its
 * errors: travellers[index].field), all of them in one transaction, or throws TravellersError:
 * not-found (not the user's booking), closed (the owner after the cutoff), invalid (the errors of
 * every field at fault, nothing saved).
 */
export async function updateTravellers(
  orderId: string,
  user: Editor,
  changes: readonly TravellerChange[],
  { now = new Date(), cutoffHours = env().TRAVELLERS_CUTOFF_HOURS }: { now?: Date; cutoffHours?: number } = {},
): Promise<void> {
  const booking = await findBookingTravellers(orderId, user.isAdmin ? undefined : user.id);
  if (!booking) throw new TravellersError("not-found", "No such order.");
  const travelDate = booking.travelDate && isoDate(booking.travelDate);
  const ended = endedStatus(booking, now);
  if (!canEdit(user, booking.userId, ended !== null, travelDate, now, cutoffHours))
    throw new TravellersError(
      "closed",
      ended ? `This booking is ${ended.toLowerCase()}: its travellers can no longer be changed.` : CLOSED_MESSAGE,
    );
  const rules = { travelDate, today: agencyToday(now), idRequired: booking.service?.idRequired ?? false };
  const errors: FieldError[] = [];
  const valid: Parameters<typeof saveTravellers>[1] = [];
  const seen = new Set<string>();
  changes.forEach((change, index) => {
    const stored = booking.travellers.find((traveller) => traveller.id === change.id);
    if (!stored || seen.has(change.id)) {
      const problem = stored ? "this traveller is listed twice." : "this booking has no such traveller.";
      errors.push({ path: `travellers[${index}]._id`, message: `Traveller ${index + 1}: ${problem}` });
      return;
    }
    seen.add(change.id);
    const merged = {
      name: change.name !== undefined ? change.name : stored.name,
      dateOfBirth: change.dateOfBirth !== undefined ? change.dateOfBirth : stored.dateOfBirth && isoDate(stored.dateOfBirth),
      idNumber: change.idNumber !== undefined ? change.idNumber : stored.idNumber,
    };
    // Once erased after the trip, an ID number is not asked again.
    const idRequired = rules.idRequired && stored.idErasedAt === null;
    // What is still to follow may stay blank; what was given cannot be blanked.
    const mayFollow = { name: stored.name === null, idNumber: stored.idNumber === null };
    const verdict = validateTraveller(merged, categoryOf(stored), { ...rules, idRequired, mayFollow }, index);
    if (verdict.ok) valid.push({ id: stored.id, ...verdict.traveller });
    else errors.push(...verdict.errors);
  });
  if (changes.length === 0) errors.push({ path: "travellers", message: "Please send at least one traveller." });
  if (errors.length > 0) throw new TravellersError("invalid", errors[0].message, errors);
  if (!(await saveTravellers(booking.id, valid))) throw new TravellersError("not-found", "No such order.");
}
