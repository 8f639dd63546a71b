// How many travellers of each price category a booking has, as the order page and the checkout's
// address carry them: the first category's count is the spec's `quantity` (the persons field), each
// other category's is `count.<its id>`. Client-safe and pure; the server prices them again.
import { clampQuantity } from "~/booking/core/booking-choices";
import type { PriceCategory } from "~/catalogue";

/** The name of a category's count, in forms and addresses: the first one is the spec's quantity. */
export function countField(categories: readonly PriceCategory[], index: number): string {
  return index === 0 ? "quantity" : `count.${categories[index].id}`;
}

/** A count as typed or sent, within 0 and the category's maximum; anything else is its minimum. */
function clampCount(value: string | null, category: PriceCategory): number {
  const number = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(number)) return Math.min(category.min, category.max);
  return Math.min(category.max, Math.max(0, number));
}

/**
 * The counts per category id from an address or a form (without JavaScript, a minus or plus button
 * sends `step`: "1" or "-1" for the first category, as the spec's control did, "<id>:1" or "<id>:-1"
 * for another). The first category keeps the spec's 1 to 20 persons.
 */
export function readCategoryCounts(query: URLSearchParams, categories: readonly PriceCategory[]): Record<string, number> {
  const step = query.get("step") ?? "";
  const counts: Record<string, number> = {};
  categories.forEach((category, index) => {
    if (index === 0) {
      const delta = step === "1" ? 1 : step === "-1" ? -1 : 0;
      counts[category.id] = clampQuantity(clampQuantity(query.get("quantity")) + delta);
      return;
    }
    const delta = step === `${category.id}:1` ? 1 : step === `${category.id}:-1` ? -1 : 0;
    const count = clampCount(query.get(countField(categories, index)), category) + delta;
    counts[category.id] = Math.min(category.max, Math.max(0, count));
  });
  return counts;
}

/** The counts of the categories after the first that are not 0, as the checkout's address carries them. */
export function otherCounts(categories: readonly PriceCategory[], counts: Readonly<Record<string, number>>): [string, string][] {
  return categories.slice(1).flatMap((category, index) => {
    const count = counts[category.id] ?? 0;
    return count > 0 ? [[countField(categories, index + 1), String(count)] as [string, string]] : [];
  });
}
