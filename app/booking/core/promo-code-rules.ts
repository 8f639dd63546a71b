// Promo codes: what an administrator enters (the dashboard's form and /api/promo-codes share the
// schema), and whether a code gives a booking its discount, and why not. Pure and client-safe; the
// store (promo-code-store.server.ts) counts redemptions in the order's transaction.
import { z } from "zod";
import { formatCalendarDate, isCalendarDate } from "~/platform/dates";
import { MAX_QUANTITY, optional, recordId } from "~/platform/fields";
import { formatDollars } from "~/platform/money";

/** Letters, digits and dashes; typed in any case, kept upper case. */
const CODE = /^[A-Z0-9](?:[A-Z0-9-]{1,28}[A-Z0-9])$/;
const CODE_RULE = "A code is 3 to 30 letters, digits and dashes (not starting or ending with a dash).";

/** A code as typed (" spring-26 ") as it is stored ("SPRING-26"). */
export function normalisePromoCode(text: string): string {
  return text.trim().toUpperCase();
}

const promoCodeText = z
  .string({ required_error: "Please enter the code.", invalid_type_error: "The code must be text." })
  .transform(normalisePromoCode)
  .refine((code) => CODE.test(code), CODE_RULE)
  .describe("Letters, digits and dashes, 3 to 30; case-insensitive (stored upper case)");

const wholeNumber = (label: string, min: number, max: number) =>
  optional(
    z.coerce
      .number({ invalid_type_error: `${label} must be a whole number.` })
      .int(`${label} must be a whole number.`)
      .min(min, `${label} must be at least ${min}.`)
      .max(max, `${label} can be at most ${max}.`),
  );

const day = (label: string) =>
  z
    .string({ required_error: `Please enter the ${label}.`, invalid_type_error: `The ${label} must be a date (YYYY-MM-DD).` })
    .trim()
    .refine(isCalendarDate, `The ${label} must be a date (YYYY-MM-DD).`);

/** The form's select sends "yes" or "no"; JSON a boolean. */
const active = z.preprocess(
  (value) => (value === "yes" ? true : value === "no" ? false : value),
  z.boolean({ invalid_type_error: "Please say whether the code is active." }),
);

const MAX_AMOUNT_OFF = 1_000_000;

const promoCodeFields = z.object({
  code: promoCodeText,
  percentOff: wholeNumber("The percent off", 1, 100).describe("1 to 100; give this or amountOff"),
  amountOff: wholeNumber("The amount off", 1, MAX_AMOUNT_OFF).describe("Whole dollars off the total; give this or percentOff"),
  validFrom: day("first day it can be used").describe("YYYY-MM-DD: the first day an order can use it (the agency's calendar)"),
  validUntil: day("last day it can be used").describe("YYYY-MM-DD: the last day an order can use it"),
  travelFrom: optional(day("first travel date")).describe("YYYY-MM-DD: only for trips on or after this date"),
  travelUntil: optional(day("last travel date")).describe("YYYY-MM-DD: only for trips on or before this date"),
  maxRedemptions: wholeNumber("The maximum number of uses", 1, 1_000_000).describe("Orders that can use it in all"),
  maxPerCustomer: wholeNumber("The maximum per customer", 1, 1000).describe("Orders one customer can use it for"),
  // not optional(): the form's select sends one value or several, which conform reads as a list
  packages: z
    .array(recordId("Unknown package.", "Unknown package."), { invalid_type_error: "packages must be a list of package ids." })
    .max(100, "At most 100 packages.")
    .optional()
    .describe("The packages' _id it is for (none: every package)"),
  minTravellers: wholeNumber("The minimum number of travellers", 1, MAX_QUANTITY).describe(
    "Travellers a booking needs to use it",
  ),
  active: active.default(true).describe("An inactive code is refused"),
});

/** The dashboard's forms other than create and update: one code, by its text. */
export const promoCodeActionSchema = z.object({ code: promoCodeText });

/** The dashboard's form and POST /api/promo-codes (PATCH merges its fields over the stored code first). */
export const promoCodeInputSchema = promoCodeFields.superRefine((value, context) => {
  if (value.percentOff === undefined && value.amountOff === undefined) {
    context.addIssue({ code: "custom", path: ["percentOff"], message: "Please enter a percent off or an amount off." });
  }
  if (value.percentOff !== undefined && value.amountOff !== undefined) {
    context.addIssue({ code: "custom", path: ["amountOff"], message: "Give either a percent off or an amount off, not both." });
  }
  // compared only when both are dates (a refinement also runs over fields already refused)
  const ordered = (from: string | undefined, until: string | undefined) =>
    !from || !until || !isCalendarDate(from) || !isCalendarDate(until) || until >= from;
  if (!ordered(value.validFrom, value.validUntil)) {
    context.addIssue({ code: "custom", path: ["validUntil"], message: "The last day cannot be before the first day." });
  }
  if (!ordered(value.travelFrom, value.travelUntil)) {
    context.addIssue({
      code: "custom",
      path: ["travelUntil"],
      message: "The last travel date cannot be before the first travel date.",
    });
  }
});

export type PromoCodeInput = z.infer<typeof promoCodeInputSchema>;

const OPTIONAL_FIELDS = ["travelFrom", "travelUntil", "maxRedemptions", "maxPerCustomer", "packages", "minTravellers"] as const;

/** PATCH /api/promo-codes/{code}'s body as documented: any of the fields; null clears an optional one. */
export const promoCodePatchSchema = promoCodeFields
  .partial()
  .extend(
    Object.fromEntries(
      OPTIONAL_FIELDS.map((field) => [
        field,
        promoCodeFields.shape[field].nullable().describe(`${promoCodeFields.shape[field].description ?? ""}; null clears it`),
      ]),
    ) as { [Field in (typeof OPTIONAL_FIELDS)[number]]: z.ZodNullable<(typeof promoCodeFields.shape)[Field]> },
  );

/**
 * The same body read over the stored code: its fields replace the code's (null clears an optional
 * one; a percent off drops the amount off and the other way round), then the whole is checked as
 * a new code is.
 */
export function promoCodePatchOver(current: PromoCodeInput) {
  return z.preprocess((body) => {
    if (!body || typeof body !== "object") return body;
    const merged: Record<string, unknown> = { ...current };
    const patch = body as Record<string, unknown>;
    if ("percentOff" in patch) delete merged.amountOff;
    if ("amountOff" in patch) delete merged.percentOff;
    for (const [field, value] of Object.entries(patch)) {
      if (value === null) delete merged[field];
      else merged[field] = value;
    }
    return merged;
  }, promoCodeInputSchema);
}

/** The checkout's field (and POST /api/my-orders' promoCode): blank is none; the code's rules are checked at placement. */
export const promoCodeField = optional(
  z
    .string({ invalid_type_error: "The promo code must be text." })
    .max(40, "This promo code does not exist.")
    .transform(normalisePromoCode),
).describe("A promo code (any case)");

/** A stored code, as the rules read it (dates YYYY-MM-DD). */
export interface PromoCodeRule {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
  validFrom: string;
  validUntil: string;
  travelFrom: string | null;
  travelUntil: string | null;
  maxRedemptions: number | null;
  maxPerCustomer: number | null;
  packageIds: readonly string[];
  minTravellers: number | null;
  active: boolean;
  redemptions: number;
}

export type PromoRefusalReason =
  | "unknown"
  | "inactive"
  | "expired"
  | "not-yet-valid"
  | "used-up"
  | "used-by-customer"
  | "package"
  | "travellers"
  | "travel-date";

export interface PromoRefusal {
  reason: PromoRefusalReason;
  message: string;
}

/** A code no more orders can take (409 in the API): used up in all, or by this customer. */
export function isUsedUp(reason: PromoRefusalReason): boolean {
  return reason === "used-up" || reason === "used-by-customer";
}

const USED_UP = "This promo code has been used up.";
const INACTIVE = "This promo code is not active.";

function usedByCustomer(maxPerCustomer: number): string {
  return maxPerCustomer === 1
    ? "You have already used this promo code."
    : `You have already used this promo code ${maxPerCustomer} times, as many as it allows.`;
}

/** A refusal the order's transaction found (another order took the last use meanwhile). */
export function lateRefusal(
  reason: "used-up" | "used-by-customer" | "inactive",
  code: Pick<PromoCodeRule, "maxPerCustomer">,
): PromoRefusal {
  if (reason === "inactive") return { reason, message: INACTIVE };
  if (reason === "used-by-customer") return { reason, message: usedByCustomer(code.maxPerCustomer ?? 1) };
  return { reason, message: USED_UP };
}

function travelWindowText(from: string | null, until: string | null): string {
  if (from && until) return `from ${formatCalendarDate(from)} to ${formatCalendarDate(until)}`;
  if (from) return `from ${formatCalendarDate(from)} on`;
  return `until ${formatCalendarDate(until!)}`;
}

/** Why `code` refuses this booking; the message says it exactly. */
export function promoRefusal(
  code: PromoCodeRule | null,
  booking: { today: string; packageId: string; persons: number; travelDate: string | null; customerUses: number },
): PromoRefusal | null {
  const refuse = (reason: PromoRefusalReason, message: string): PromoRefusal => ({ reason, message });
  if (!code) return refuse("unknown", "This promo code does not exist.");
  if (!code.active) return refuse("inactive", INACTIVE);
  if (booking.today > code.validUntil)
    return refuse("expired", `This promo code expired on ${formatCalendarDate(code.validUntil)}.`);
  if (booking.today < code.validFrom) {
    return refuse(
      "not-yet-valid",
      `This promo code is not valid yet: it can be used from ${formatCalendarDate(code.validFrom)}.`,
    );
  }
  if (code.maxRedemptions !== null && code.redemptions >= code.maxRedemptions) {
    return refuse("used-up", USED_UP);
  }
  if (code.maxPerCustomer !== null && booking.customerUses >= code.maxPerCustomer) {
    return refuse("used-by-customer", usedByCustomer(code.maxPerCustomer));
  }
  if (code.packageIds.length > 0 && !code.packageIds.includes(booking.packageId)) {
    return refuse("package", "This promo code is not for this package.");
  }
  if (code.minTravellers !== null && booking.persons < code.minTravellers) {
    return refuse("travellers", `This promo code needs at least ${code.minTravellers} travellers.`);
  }
  if (code.travelFrom || code.travelUntil) {
    const date = booking.travelDate;
    const outside =
      !date || (code.travelFrom !== null && date < code.travelFrom) || (code.travelUntil !== null && date > code.travelUntil);
    if (outside) {
      return refuse("travel-date", `This promo code is only for trips ${travelWindowText(code.travelFrom, code.travelUntil)}.`);
    }
  }
  return null;
}

/**
 * The least a discounted order still costs: a card payment cannot be smaller (Stripe's minimum for
 * dollars), and an order of 0 could never be paid, so it would only expire.
 */
const MIN_DISCOUNTED_CENTS = 50;

/** The discount on a total, in cents: a percent rounded to the cent, or the amount, leaving at least MIN_DISCOUNTED_CENTS to pay. */
export function discountCents(code: Pick<PromoCodeRule, "percentOff" | "amountOffCents">, totalCents: number): number {
  const wanted = code.percentOff !== null ? Math.round((totalCents * code.percentOff) / 100) : (code.amountOffCents ?? 0);
  return Math.max(0, Math.min(wanted, totalCents - MIN_DISCOUNTED_CENTS));
}

/** "15% off" or "$20 off". */
export function describeDiscount(code: Pick<PromoCodeRule, "percentOff" | "amountOffCents">): string {
  return code.percentOff !== null ? `${code.percentOff}% off` : `${formatDollars(code.amountOffCents ?? 0)} off`;
}
