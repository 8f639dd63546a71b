// The commission report's month (client-safe): a month picked as YYYY-MM, this month at the agency
// by default, and its bounds as instants. A booking counts in the month of its booking date in
// Dhaka time (UTC+6, no daylight saving), so the month starts at 18:00 UTC the day before.
import { agencyToday } from "~/platform/dates";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** The month asked for, this month in Dhaka when none is; an error for anything else. */
export function readCommissionMonth(raw: string | null, now = new Date()): { month: string; error: string | null } {
  const today = agencyToday(now).slice(0, 7);
  if (!raw) return { month: today, error: null };
  if (!MONTH.test(raw)) return { month: today, error: "The month must look like 2026-11." };
  return { month: raw, error: null };
}

/** [start, end) of a YYYY-MM month in Dhaka, as UTC instants. */
export function commissionMonthBounds(month: string): [Date, Date] {
  const [, year, mm] = MONTH.exec(month) ?? [];
  const y = Number(year);
  const m = Number(mm);
  return [new Date(Date.UTC(y, m - 1, 1) - DHAKA_OFFSET_MS), new Date(Date.UTC(y, m, 1) - DHAKA_OFFSET_MS)];
}

export interface CommissionLine {
  bookings: number;
  retailCents: number;
  commissionCents: number;
  netCents: number;
}

/** The totals row: the lines added up (integer cents, so exact). */
export function commissionTotals(lines: CommissionLine[]): CommissionLine {
  return lines.reduce(
    (total, line) => ({
      bookings: total.bookings + line.bookings,
      retailCents: total.retailCents + line.retailCents,
      commissionCents: total.commissionCents + line.commissionCents,
      netCents: total.netCents + line.netCents,
    }),
    { bookings: 0, retailCents: 0, commissionCents: 0, netCents: 0 },
  );
}

const GROUPED = new Intl.NumberFormat("en-US", { useGrouping: true, maximumFractionDigits: 0 });

/** "$1,234.50": dollars always with their cents (the report's figures line up). */
export function dollarsAndCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(cents) / 100);
  return `${sign}$${GROUPED.format(whole)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
}

/** "1234.50" for a spreadsheet: a number with its two decimals, no symbol. */
export function centsAsDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
}
