// A departure's manifest as the page, the CSV and the API show it (client-safe): one row per
// traveller with the age at the travel date and the ID number masked, totals per category, the
// check-in count, and the check-in form's and the API's values.
import { z } from "zod";
import { stillOwedCents } from "~/booking/core/payment-plan";
import { PAYMENT_STATUS_LABELS } from "~/booking/lists/booking-list";
import { maskIdNumber } from "~/booking/travellers/id-numbers";
import { ageOn } from "~/booking/travellers/travellers";
import { isoDate } from "~/platform/dates";
import { formatDollars } from "~/platform/money";

export type CheckInState = "YES" | "NO_SHOW" | null;

/** The API's and the forms' check-in values. */
export const CHECK_IN_VALUES = { yes: "YES", "no-show": "NO_SHOW" } as const;
export type ApiCheckIn = keyof typeof CHECK_IN_VALUES | null;

export function apiCheckIn(state: CheckInState): ApiCheckIn {
  return state === "YES" ? "yes" : state === "NO_SHOW" ? "no-show" : null;
}

export const CHECK_IN_LABELS: Record<"YES" | "NO_SHOW" | "NONE", string> = {
  YES: "Checked in",
  NO_SHOW: "No-show",
  NONE: "Not yet",
};

/** The check-in page's one-tap forms: which traveller, and "yes", "no-show" or "" (undo). */
export const checkInFormSchema = z.object({
  traveller: z.string({ required_error: "traveller is required." }).trim().min(1, "traveller is required.").max(64),
  checkedIn: z
    .enum(["yes", "no-show", "undo"], { errorMap: () => ({ message: 'checkedIn must be "yes", "no-show" or "undo".' }) })
    .transform((value) => (value === "undo" ? null : CHECK_IN_VALUES[value])),
});

/** What the store gives for one traveller (app/booking/departures/manifest-store.server.ts). */
export interface ManifestTraveller {
  id: string;
  position: number;
  categoryId: string | null;
  categoryName: string;
  name: string | null;
  dateOfBirth: Date | string | null;
  idNumber: string | null;
  checkIn: CheckInState;
  order: {
    id: string;
    reference: string;
    firstName: string;
    lastName: string;
    mobileNumber: string;
    paymentStatus: keyof typeof PAYMENT_STATUS_LABELS;
    priceCents: number;
    paidCents: number;
    /** the reseller who sold it (none: the website) */
    reseller?: { name: string } | null;
    resellerReference?: string | null;
  };
}

export interface ManifestRow {
  id: string;
  orderId: string;
  reference: string;
  booker: string;
  /** null: names to follow */
  name: string | null;
  category: string;
  categoryId: string | null;
  /** at the travel date; null without a date of birth */
  age: number | null;
  /** last 4 characters only */
  idMasked: string | null;
  mobileNumber: string;
  payment: string;
  /** what the booking still owes ("$400"), on its first traveller's row only (a guide collects it once); null: nothing */
  toCollect: string | null;
  /** "Website" or the reseller's name */
  channel: string;
  resellerReference: string | null;
  checkIn: CheckInState;
}

export function manifestRows(travellers: ManifestTraveller[], travelDate: Date | string): ManifestRow[] {
  const date = isoDate(travelDate);
  return travellers.map((traveller, index) => ({
    id: traveller.id,
    orderId: traveller.order.id,
    reference: traveller.order.reference,
    booker: `${traveller.order.firstName} ${traveller.order.lastName}`,
    name: traveller.name,
    category: traveller.categoryName,
    categoryId: traveller.categoryId,
    age: traveller.dateOfBirth ? ageOn(isoDate(traveller.dateOfBirth), date) : null,
    idMasked: maskIdNumber(traveller.idNumber),
    mobileNumber: traveller.order.mobileNumber,
    payment: traveller.order.reseller ? "Paid via reseller" : PAYMENT_STATUS_LABELS[traveller.order.paymentStatus],
    toCollect: index > 0 && travellers[index - 1].order.id === traveller.order.id ? null : owed(traveller.order),
    channel: traveller.order.reseller?.name ?? "Website",
    resellerReference: traveller.order.resellerReference ?? null,
    checkIn: traveller.checkIn,
  }));
}

/** What a booking still owes, formatted, or null: the manifest's "to collect". */
function owed(order: ManifestTraveller["order"]): string | null {
  const cents = stillOwedCents({ ...order, channel: order.reseller ? "RESELLER" : "WEBSITE" });
  return cents > 0 ? formatDollars(cents) : null;
}

/** The running count: travellers checked in, no-shows, and the travellers expected. */
export function checkInCount(rows: Pick<ManifestRow, "checkIn">[]) {
  return {
    checkedIn: rows.filter((row) => row.checkIn === "YES").length,
    noShow: rows.filter((row) => row.checkIn === "NO_SHOW").length,
    expected: rows.length,
  };
}

/** The rows whose booking reference starts with what was typed ("7k3", "TB-7K3"), all when nothing was. */
export function findByReference<T extends { reference: string }>(rows: T[], typed: string): T[] {
  const code = typed.trim().toUpperCase().replace(/^TB-?/, "");
  if (!code) return rows;
  return rows.filter((row) => row.reference.replace(/^TB-/, "").startsWith(code));
}

export const MANIFEST_CSV_HEADER = [
  "Reference",
  "Traveller",
  "Category",
  "Age",
  "ID number",
  "Booked by",
  "Mobile number",
  "Payment",
  "Check-in",
  "Channel",
  "Reseller reference",
];

/** One CSV line per traveller, with the ID number given: masked, or whole for an administrator who asked (each recorded as revealed). */
export function manifestCsvRow(row: ManifestRow, idNumber: string | null): (string | number | null)[] {
  return [
    row.reference,
    row.name ?? "Name to follow",
    row.category,
    row.age,
    idNumber,
    row.booker,
    row.mobileNumber,
    row.payment,
    CHECK_IN_LABELS[row.checkIn ?? "NONE"],
    row.channel,
    row.resellerReference,
  ];
}
