// A departure's price per category (issue 42): its own price where it names one, else the
// package's moved by its percent, in whole dollars like every category price. Pure and
// client-safe: the order page, the checkout, the booking, OCTO and the API price a departure the
// same way. A departure without either costs what the package says, as the specification's screens.
import { z } from "zod";
import { MAX_PRICE, type PriceCategory } from "~/catalogue";

/** What a departure row keeps of its pricing (Departure.prices and Departure.pricePercent). */
export interface DeparturePricing {
  /** whole dollars by the category's _id; null: the package's */
  prices: Readonly<Record<string, number>> | null;
  /** percent up (positive) or down (negative) on the package's prices; null: none */
  pricePercent: number | null;
}

export const MIN_PRICE_PERCENT = -90;
export const MAX_PRICE_PERCENT = 500;

/** Departure.prices as stored (JSON): anything else reads as no override. */
const storedPrices = z.record(z.string(), z.number().int().min(0).max(MAX_PRICE));

export function parseStoredPrices(value: unknown): Record<string, number> | null {
  const parsed = storedPrices.safeParse(value);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
}

/** The price of one category on this departure, whole dollars. */
export function departurePrice(category: Pick<PriceCategory, "id" | "price">, pricing: DeparturePricing): number {
  const own = pricing.prices?.[category.id];
  if (own !== undefined) return own;
  if (!pricing.pricePercent) return category.price;
  return Math.min(MAX_PRICE, Math.max(0, Math.round((category.price * (100 + pricing.pricePercent)) / 100)));
}

/** The package's categories as this departure sells them. */
export function departureCategories<C extends Pick<PriceCategory, "id" | "price">>(
  categories: readonly C[],
  pricing: DeparturePricing | null,
): C[] {
  if (!pricing || (!pricing.prices && !pricing.pricePercent)) return [...categories];
  return categories.map((category) => ({ ...category, price: departurePrice(category, pricing) }));
}

/** Each category's price on this departure, whole dollars by its _id (the price history's from and to). */
export function priceTable(
  categories: readonly Pick<PriceCategory, "id" | "price">[],
  pricing: DeparturePricing,
): Record<string, number> {
  return Object.fromEntries(categories.map((category) => [category.id, departurePrice(category, pricing)]));
}

/** Whether the departure sells at other prices than the package (the order page says so). */
export function hasOwnPrices(pricing: DeparturePricing): boolean {
  return pricing.prices !== null || Boolean(pricing.pricePercent);
}

/**
 * A booking's unit price in cents: its first category's on a departure at its own prices, else the
 * package's cost (as the specification's orders record it).
 */
export function unitPriceCents(
  costCents: number,
  categories: readonly Pick<PriceCategory, "price">[],
  departure: DeparturePricing | null,
): number {
  return departure && hasOwnPrices(departure) ? Math.round(categories[0].price * 100) : costCents;
}

/** A change of prices, by the API's fields: `prices` (null removes the override) or `percent`. */
export type PriceChange = { prices: { category: string; price: number }[] | null } | { percent: number | null };

/**
 * The pricing a change leaves, checked against the package's categories: the error names the
 * field. Prices and a percent replace each other (a departure has one or the other).
 */
export function applyPriceChange(
  categories: readonly Pick<PriceCategory, "id">[],
  change: PriceChange,
): { ok: true; pricing: DeparturePricing } | { ok: false; field: "prices" | "percent"; message: string } {
  if ("percent" in change) return { ok: true, pricing: { prices: null, pricePercent: change.percent || null } };
  if (change.prices === null) return { ok: true, pricing: { prices: null, pricePercent: null } };
  const known = new Set(categories.map((category) => category.id));
  const prices: Record<string, number> = {};
  for (const { category, price } of change.prices) {
    if (!known.has(category)) {
      return { ok: false, field: "prices", message: `prices: "${category}" is not a price category of this package.` };
    }
    if (category in prices) return { ok: false, field: "prices", message: `prices: "${category}" is given twice.` };
    prices[category] = price;
  }
  return { ok: true, pricing: { prices: Object.keys(prices).length > 0 ? prices : null, pricePercent: null } };
}
