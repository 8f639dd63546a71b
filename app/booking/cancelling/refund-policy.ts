// A package's refund policy: tiers by whole days before the departure date, each refunding a
// percentage of what was paid (Service.refundPolicy; null = DEFAULT_REFUND_POLICY). Pure: the
// cancellation (app/booking/cancelling/cancellation.server.ts) and the pages showing a refund use it alike.
import { z } from "zod";

export interface RefundTier {
  /** at least this many days before the departure date */
  minDays: number;
  /** percent of the amount paid, 0 to 100 */
  percent: number;
}

/** 14 days or more before departure: everything; 7 to 13 days: half; less: nothing. */
export const DEFAULT_REFUND_POLICY: readonly RefundTier[] = [
  { minDays: 14, percent: 100 },
  { minDays: 7, percent: 50 },
];

export const MAX_TIERS = 6;
const MAX_DAYS = 365;

/** A number typed in a form (or sent as one); blank stays missing. */
const typedNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (value === undefined || value === "" ? undefined : Number(value)), schema);

const tierSchema = z.object({
  minDays: typedNumber(
    z
      .number({ invalid_type_error: "Days must be a whole number.", required_error: "Please enter the days." })
      .int("Days must be a whole number.")
      .min(0, "Days cannot be negative.")
      .max(MAX_DAYS, `Days can be at most ${MAX_DAYS}.`),
  ),
  percent: typedNumber(
    z
      .number({ invalid_type_error: "The percentage must be a whole number.", required_error: "Please enter the percentage." })
      .int("The percentage must be a whole number.")
      .min(0, "The percentage cannot be negative.")
      .max(100, "The percentage can be at most 100."),
  ),
});

/** Tiers sorted from the most days to the fewest. */
function sorted(tiers: RefundTier[]): RefundTier[] {
  return [...tiers].sort((a, b) => b.minDays - a.minDays);
}

const isBlank = (value: unknown) => value === undefined || value === null || value === "";

/** A row of the form: both fields left empty is no tier at all. */
const tierRow = z.preprocess(
  (row) => (row && typeof row === "object" && Object.values(row).every(isBlank) ? undefined : (row ?? undefined)),
  tierSchema.optional(),
) as unknown as z.ZodType<
  RefundTier | undefined,
  z.ZodTypeDef,
  { minDays?: string | number; percent?: string | number } | undefined
>;

/**
 * A policy as an admin sets it: up to MAX_TIERS rows, blank rows ignored, no two rows with the
 * same days, and never more refunded closer to the departure than further from it. No rows at
 * all means the default policy.
 */
export const refundPolicySchema = z.object({
  tiers: z
    .array(tierRow)
    .max(MAX_TIERS, `At most ${MAX_TIERS} tiers.`)
    .default([])
    .transform((rows) => rows.filter((row): row is RefundTier => row !== undefined))
    .superRefine((tiers, context) => {
      const ordered = sorted(tiers);
      for (let i = 1; i < ordered.length; i++) {
        if (ordered[i].minDays === ordered[i - 1].minDays) {
          context.addIssue({ code: z.ZodIssueCode.custom, message: `Two tiers start at ${ordered[i].minDays} days.` });
          return;
        }
        if (ordered[i].percent > ordered[i - 1].percent) {
          context.addIssue({
            code: z.ZodIssueCode.custom,
            message: "A tier closer to the departure cannot refund more than one further from it.",
          });
          return;
        }
      }
    }),
});

/** The stored JSON as tiers: the default when null or not a valid policy. */
export function refundPolicyOf(stored: unknown): RefundTier[] {
  if (stored === null || stored === undefined) return [...DEFAULT_REFUND_POLICY];
  const parsed = refundPolicySchema.shape.tiers.safeParse(stored);
  return parsed.success ? sorted(parsed.data) : [...DEFAULT_REFUND_POLICY];
}

/** What to store for the tiers an admin set: null (the default policy) when there are none. */
export function storedRefundPolicy(tiers: RefundTier[]): RefundTier[] | null {
  return tiers.length === 0 ? null : sorted(tiers);
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Whole calendar days from `today` to `travelDate` (both YYYY-MM-DD): 0 on the day, negative after. */
export function daysBefore(travelDate: string, today: string): number {
  return Math.round((Date.parse(`${travelDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The percentage of the tier with the most days that `days` reaches; 0 when none (or after departure). */
export function refundPercent(policy: readonly RefundTier[], days: number): number {
  if (days < 0) return 0;
  const tier = sorted([...policy]).find((candidate) => days >= candidate.minDays);
  return tier?.percent ?? 0;
}

export interface PolicyRefund {
  /** days before departure; null for a booking without a date (refunded as the top tier) */
  days: number | null;
  percent: number;
  /** percent of what was paid, rounded down to the cent, never more than what is left to refund */
  cents: number;
}

/**
 * The refund the policy gives for cancelling today: `percent` of the amount paid, rounded down to
 * the cent, less what was refunded already.
 */
export function policyRefund({
  policy,
  paidCents,
  refundedCents,
  travelDate,
  today,
}: {
  policy: readonly RefundTier[];
  paidCents: number;
  refundedCents: number;
  travelDate: string | null;
  today: string;
}): PolicyRefund {
  const days = travelDate ? daysBefore(travelDate, today) : null;
  const percent = days === null ? Math.max(0, ...policy.map((tier) => tier.percent)) : refundPercent(policy, days);
  const cents = Math.max(0, Math.min(Math.floor((paidCents * percent) / 100), paidCents - refundedCents));
  return { days, percent, cents };
}

/** The policy in words, one line per tier, for the pages and emails. */
export function describePolicy(policy: readonly RefundTier[]): string[] {
  const tiers = sorted([...policy]);
  const lines = tiers.map((tier, index) => {
    const upper = index === 0 ? null : tiers[index - 1].minDays - 1;
    const range =
      upper === null
        ? `${tier.minDays} days or more`
        : upper === tier.minDays
          ? `${tier.minDays} days`
          : `${tier.minDays} to ${upper} days`;
    return `${range} before departure: ${tier.percent} % refunded`;
  });
  const lowest = tiers.at(-1)?.minDays ?? 0;
  if (lowest > 0) lines.push(`Less than ${lowest} days before departure: no refund`);
  return lines;
}
