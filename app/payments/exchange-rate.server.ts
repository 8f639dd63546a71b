// The agency's taka rate in force (issue 39 item 3): set by an administrator, usable for
// EXCHANGE_RATE_MAX_AGE_DAYS days. The local gateways ask getUsableExchangeRate() before every
// taka payment and record the rate they used with the payment (Payment.amountBdt, Payment.rate).
import {
  isRateStale,
  MAX_BDT_PER_USD,
  RATE_FIELD_MESSAGE,
  RATE_UNUSABLE_TEXT,
  type RateUnusableReason,
} from "~/payments/exchange-rate";
import {
  exchangeRateHistory,
  insertExchangeRate,
  latestExchangeRate,
  type ExchangeRateEntry,
} from "~/payments/exchange-rate-store.server";
import { env } from "~/platform/env.server";
import { translator } from "~/platform/i18n.server";

export type { ExchangeRateEntry };

export type UsableExchangeRate =
  { ok: true; bdtPerUsd: number; setAt: Date } | { ok: false; reason: RateUnusableReason; message: string };

/**
 * The rate to charge taka at now, or why there is none: never set ("none"), or set more than
 * EXCHANGE_RATE_MAX_AGE_DAYS days ago ("stale"). `message` is the customer's text in English (the
 * page shows RATE_UNUSABLE_TEXT[reason] in its language). `now` is for tests.
 */
export async function getUsableExchangeRate(now: Date = new Date()): Promise<UsableExchangeRate> {
  const latest = await latestExchangeRate();
  if (!latest) return unusable("none");
  if (isRateStale(latest.setAt, now, env().EXCHANGE_RATE_MAX_AGE_DAYS)) return unusable("stale");
  return { ok: true, bdtPerUsd: latest.bdtPerUsd, setAt: latest.setAt };
}

function unusable(reason: RateUnusableReason): UsableExchangeRate {
  return { ok: false, reason, message: translator("en").t(RATE_UNUSABLE_TEXT[reason].customer) };
}

/**
 * Set a new rate (a new row: the old ones stay as its history). `setById` is the administrator's
 * id, checked by the caller (the route or the API); the value is checked again here (RangeError).
 */
export async function setExchangeRate(
  bdtPerUsd: number,
  setById: string | null,
  now: Date = new Date(),
): Promise<ExchangeRateEntry> {
  if (!Number.isFinite(bdtPerUsd) || bdtPerUsd <= 0 || bdtPerUsd > MAX_BDT_PER_USD) throw new RangeError(RATE_FIELD_MESSAGE);
  return insertExchangeRate(Math.round(bdtPerUsd * 10_000) / 10_000, setById, now);
}

/** The rate in force whatever its age (the settings page and GET /api/settings/exchange-rate), or null. */
export async function currentExchangeRate(): Promise<ExchangeRateEntry | null> {
  return latestExchangeRate();
}

/** The rates set, newest first: the settings page's history. */
export async function listExchangeRates(limit = 30): Promise<ExchangeRateEntry[]> {
  return exchangeRateHistory(limit);
}

/** Whether the rate in force is older than EXCHANGE_RATE_MAX_AGE_DAYS (false when there is none). */
export function exchangeRateIsStale(rate: ExchangeRateEntry, now: Date = new Date()): boolean {
  return isRateStale(rate.setAt, now, env().EXCHANGE_RATE_MAX_AGE_DAYS);
}

/** EXCHANGE_RATE_MAX_AGE_DAYS, for the pages' texts. */
export function exchangeRateMaxAgeDays(): number {
  return env().EXCHANGE_RATE_MAX_AGE_DAYS;
}
