// The order page's choices and the total, shared by the page, the checkout and the API.
import { MAX_QUANTITY, MIN_QUANTITY } from "~/platform/fields";
import { formatDollars } from "~/platform/money";

export { MAX_QUANTITY, MIN_QUANTITY };

export const PACKAGE_TYPES = ["city", "couple", "adventure", "vacation", "group"] as const;
export type PackageTypeValue = (typeof PACKAGE_TYPES)[number];

export function isPackageType(value: unknown): value is PackageTypeValue {
  return typeof value === "string" && (PACKAGE_TYPES as readonly string[]).includes(value);
}

/** Any input to a quantity within 1..20 (non-numbers become 1). */
export function clampQuantity(value: unknown): number {
  const number = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  if (!Number.isFinite(number)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(number)));
}

export function totalCents(unitCents: number, quantity: number): number {
  return unitCents * quantity;
}

/** The order page's state from its query string; `step` comes from the no-JavaScript minus/plus buttons. */
export function readOrderChoice(searchParams: URLSearchParams): {
  quantity: number;
  packageType: PackageTypeValue | null;
  departure: string | null;
} {
  const step = searchParams.get("step") === "-1" ? -1 : searchParams.get("step") === "1" ? 1 : 0;
  const quantity = clampQuantity(clampQuantity(searchParams.get("quantity")) + step);
  const type = searchParams.get("type");
  return { quantity, packageType: isPackageType(type) ? type : null, departure: searchParams.get("departure") || null };
}

/** /addCart/{total} keeps the spec's shape; the query names what the server prices (and books) again. */
export function checkoutPath(
  serviceId: string,
  totalDollars: string,
  quantity: number,
  packageType: PackageTypeValue,
  departure: string | null = null,
  counts: readonly [string, string][] = [],
) {
  const query = new URLSearchParams({ service: serviceId, quantity: String(quantity), type: packageType });
  if (departure) query.set("departure", departure);
  // The categories after the first (otherCounts in app/booking/core/category-counts.ts), when the package has any.
  for (const [name, value] of counts) query.set(name, value);
  return `/addCart/${totalDollars}?${query}`;
}

/** An order in a few words, as its delete's confirmation step names it: "2 × couple, $900". */
export function orderLine(order: { quantity: number; packageType: string; priceCents: number }): string {
  return `${order.quantity} × ${order.packageType}, ${formatDollars(order.priceCents)}`;
}
