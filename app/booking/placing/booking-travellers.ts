// The travellers a new booking holds, decided before anything is written: priced per category from
// the package's categories (priceBooking), each traveller checked at the travel date
// (validateTravellers), and each made a row that keeps a copy of its category, so that editing the
// package never changes a booking. Pure: placeBooking (placing/booking-placement.server.ts) writes what this decides (a TravellerRow, core/traveller-row.ts, as the store takes it).
import type { TravellerRow } from "~/booking/core/traveller-row";
import type { TravellerInput } from "~/booking/placing/checkout";
import { countTravellers, priceBooking, validateTravellers } from "~/booking/travellers/travellers";
import { DEFAULT_CATEGORY_ID, type PriceCategory } from "~/catalogue";

interface FieldError {
  path: string;
  message: string;
}

type PlannedBooking =
  | { ok: true; seats: number; persons: number; totalCents: number; travellers: TravellerRow[] }
  | { ok: false; message: string; errors: FieldError[] };

const toCents = (dollars: number) => Math.round(dollars * 100);

function row(
  category: PriceCategory,
  position: number,
  person: Pick<TravellerRow, "name" | "dateOfBirth" | "idNumber">,
): TravellerRow {
  return {
    position,
    categoryId: category.id === DEFAULT_CATEGORY_ID ? null : category.id,
    categoryName: category.name,
    categoryType: category.type,
    priceCents: toCents(category.price),
    takesSeat: category.takesSeat,
    minAge: category.minAge,
    maxAge: category.maxAge,
    ...person,
  };
}

/**
 * A booking of the package: with `travellers`, each of them (names, dates of birth and ID numbers
 * checked at the travel date, a blank name or ID number to follow; an error names the traveller
 * and the field); without, `quantity`
 * travellers of the first category whose names are to follow (the API's older clients). Seats
 * are those of the travellers who take one; the total is the server's, from the categories alone.
 */
export function planBooking(
  tourPackage: { priceCategories: readonly PriceCategory[]; idRequired: boolean },
  input: { quantity: number; travellers?: readonly TravellerInput[] },
  dates: { travelDate: string | null; today: string },
): PlannedBooking {
  const categories = tourPackage.priceCategories;
  const refused = (path: string, message: string): PlannedBooking => ({ ok: false, message, errors: [{ path, message }] });
  if (!input.travellers) {
    const first = categories[0];
    const priced = priceBooking(categories, { [first.id]: input.quantity });
    if (!priced.ok) return refused("quantity", priced.message);
    const travellers = Array.from({ length: input.quantity }, (_, position) =>
      row(first, position, { name: null, dateOfBirth: null, idNumber: null }),
    );
    return { ok: true, seats: priced.seats, persons: priced.persons, totalCents: toCents(priced.total), travellers };
  }
  // Names and ID numbers may follow, as without travellers: the customer completes them until the cutoff.
  const checked = validateTravellers(input.travellers, categories, {
    ...dates,
    idRequired: tourPackage.idRequired,
    mayFollow: { name: true, idNumber: true },
  });
  if (!checked.ok) return { ok: false, message: checked.errors[0].message, errors: checked.errors };
  const priced = priceBooking(categories, countTravellers(checked.travellers));
  if (!priced.ok) return refused("travellers", priced.message);
  const travellers = checked.travellers.map(({ category: id, ...person }, position) =>
    row(
      categories.find((category) => category.id === id)!,
      position,
      person,
    ),
  );
  return { ok: true, seats: priced.seats, persons: priced.persons, totalCents: toCents(priced.total), travellers };
}

/**
 * A booking by another channel (a reseller): one traveller per item's category id, in that order, their
 * names to follow; priced, counted and limited as the website's (priceBooking). `unknown` names
 * the first id that is not one of the package's categories.
 */
export function planChannelBooking(
  categories: readonly PriceCategory[],
  items: readonly { categoryId: string; itemId: string; reference?: string | null }[],
):
  | { ok: true; seats: number; persons: number; totalCents: number; travellers: TravellerRow[] }
  | { ok: false; unknown: string | null; message: string } {
  const categoryIds = items.map((item) => item.categoryId);
  const unknown = categoryIds.find((id) => !categories.some((category) => category.id === id));
  if (unknown !== undefined) return { ok: false, unknown, message: "This price category does not exist." };
  const counts: Record<string, number> = {};
  for (const id of categoryIds) counts[id] = (counts[id] ?? 0) + 1;
  const priced = priceBooking(categories, counts);
  if (!priced.ok) return { ok: false, unknown: null, message: priced.message };
  const travellers = items.map(({ categoryId, itemId, reference }, position) => ({
    ...row(
      categories.find((category) => category.id === categoryId)!,
      position,
      { name: null, dateOfBirth: null, idNumber: null },
    ),
    resellerItemId: itemId,
    resellerReference: reference ?? null,
  }));
  return { ok: true, seats: priced.seats, persons: priced.persons, totalCents: toCents(priced.total), travellers };
}
