// The agency's taka per dollar (issue 39 item 3): prices stay in dollars; the local gateways (bKash,
// SSLCommerz) and the manual bKash/Nagad claims are paid in taka at the rate an administrator sets on
// /dashboard/settings. Browser-safe: the conversion, its texts and the rate's input schema. The
// rate's store and its age check are in exchange-rate.server.ts.
//
// Taka are WHOLE taka, rounded UP: "$410 = ৳50,020 at ৳122/$"; $410.37 at ৳122.5/$ is ৳50,270.33,
// charged as ৳50,271. Nobody in Bangladesh pays or is asked for poisha, and rounding up means the
// agency never receives less than the dollar price at its own rate (at most ৳1 more).
import { z } from "zod";
import { localDigits, toAsciiDigits } from "~/platform/digits";
import type { Language, MessageKey, Translator } from "~/platform/i18n";
import { formatDollars } from "~/platform/money";

/** Rates are kept to 4 decimals (the database's DECIMAL(10,4)). */
const RATE_SCALE = 10_000;
/** Above any plausible taka per dollar (about 120 in 2026): a typo such as 12250 for 122.50 is refused. */
export const MAX_BDT_PER_USD = 1_000;

/**
 * Whole taka for a dollar amount at the rate, rounded up: toTaka(41_000, 122) is 50_020. Integer
 * arithmetic (cents × rate in ten-thousandths), so no floating-point error moves a taka.
 */
export function toTaka(amountCents: number, bdtPerUsd: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new RangeError(`amountCents must be a whole number of cents ≥ 0, not ${amountCents}`);
  if (!Number.isFinite(bdtPerUsd) || bdtPerUsd <= 0)
    throw new RangeError(`bdtPerUsd must be a positive number, not ${bdtPerUsd}`);
  const rate = Math.round(bdtPerUsd * RATE_SCALE);
  const poishaTimesScale = amountCents * rate; // cents × taka/$ × 10⁴ = poisha × 10⁴
  const unit = 100 * RATE_SCALE; // one taka, in the same unit
  return Math.floor((poishaTimesScale + unit - 1) / unit);
}

const THOUSANDS = /\B(?=(\d{3})+$)/g;
let bengaliGrouping: Intl.NumberFormat | undefined;

/** "৳50,020" in English; "৳৫০,০২০" in Bengali (lakh grouping: ৳১,২৩,৪৫৬). */
export function formatTaka(taka: number, language: Language = "en"): string {
  const whole = Math.round(taka);
  if (language === "en") return `৳${String(whole).replace(THOUSANDS, ",")}`;
  bengaliGrouping ??= new Intl.NumberFormat("bn-BD", { useGrouping: true, maximumFractionDigits: 0 });
  return `৳${bengaliGrouping.format(whole)}`;
}

/** "৳122/$", "৳122.5/$" (no trailing zeros); Bengali digits in Bengali: "৳১২২.৫/$". */
export function formatRate(bdtPerUsd: number, language: Language = "en"): string {
  const text = String(Math.round(bdtPerUsd * RATE_SCALE) / RATE_SCALE);
  return `৳${localDigits(text, language)}/$`;
}

/** "122.5": the rate as a form field shows it. */
export function rateFieldValue(bdtPerUsd: number): string {
  return String(Math.round(bdtPerUsd * RATE_SCALE) / RATE_SCALE);
}

/**
 * "$410 = ৳50,020 at ৳122/$" (English), "$৪১০ = ৳৫০,০২০ (৳১২২/$ হারে)" (Bengali): what the customer
 * sees before paying in taka. `translator` is the page's (useT()) or the server's (translator(language)).
 */
export function takaConversion(amountCents: number, bdtPerUsd: number, { t, language }: Translator): string {
  return t("payment.rate.conversion", {
    dollars: formatDollars(amountCents, language),
    taka: formatTaka(toTaka(amountCents, bdtPerUsd), language),
    rate: formatRate(bdtPerUsd, language),
  });
}

/** Why taka cannot be charged now: the texts (customer's and administrator's) by reason. */
export type RateUnusableReason = "none" | "stale";
export const RATE_UNUSABLE_TEXT: Record<RateUnusableReason, { customer: MessageKey; admin: MessageKey }> = {
  none: { customer: "payment.rate.none", admin: "payment.rate.noneAdmin" },
  stale: { customer: "payment.rate.stale", admin: "payment.rate.staleAdmin" },
};

/** The rate is older than maxAgeDays days at `now` (a rate set exactly maxAgeDays days ago still counts). */
export function isRateStale(setAt: Date, now: Date, maxAgeDays: number): boolean {
  return now.getTime() - setAt.getTime() > maxAgeDays * 86_400_000;
}

export const RATE_FIELD_MESSAGE = `bdtPerUsd must be the taka one US dollar buys, a number greater than 0 and at most ${MAX_BDT_PER_USD} with up to 4 decimals, like 122.5`;

/** A rate as typed (a form's text, Bengali digits and a thousands comma allowed) or sent (a JSON number). */
const rateValue = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const text = toAsciiDigits(value).trim().replace(/,/g, "");
    return text === "" || !/^\d+(\.\d+)?$/.test(text) ? Number.NaN : Number(text);
  },
  z
    .number({ invalid_type_error: RATE_FIELD_MESSAGE, required_error: RATE_FIELD_MESSAGE })
    .positive(RATE_FIELD_MESSAGE)
    .max(MAX_BDT_PER_USD, RATE_FIELD_MESSAGE)
    .refine((rate) => Math.abs(rate * RATE_SCALE - Math.round(rate * RATE_SCALE)) < 1e-6, RATE_FIELD_MESSAGE)
    .describe("Taka per US dollar: greater than 0, at most 1000, up to 4 decimals"),
);

/** PUT /api/settings/exchange-rate's body and the settings page's form: { bdtPerUsd: 122.5 }. */
export const exchangeRateInputSchema = z.object({ bdtPerUsd: rateValue });
