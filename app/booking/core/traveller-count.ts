// How many travellers a booking has and the phrase every screen and email prints for them, "2 adults,
// 1 child, 1 infant": one home, so that the order page, My Orders and the emails agree. A booking's
// `quantity` counts its seats (an infant on a lap takes none), so the travellers are counted from
// its traveller rows; only a booking without any (none is placed so today) falls back to it.

/** Travellers per category, in the order the categories first appear. */
export function categoryTotals(rows: readonly { category: string }[]): { category: string; count: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.category, (totals.get(row.category) ?? 0) + 1);
  return [...totals].map(([category, count]) => ({ category, count }));
}

const IRREGULAR: Record<string, string> = { child: "children", person: "persons" };

/** "Child (5–11)" counted: "1 child", "2 children"; the category's age range stays on the booking's detail. */
function counted(count: number, category: string): string {
  const words =
    category
      .replace(/\s*\(.*\)\s*$/, "")
      .trim()
      .toLowerCase() || category.toLowerCase();
  if (count === 1) return `1 ${words}`;
  const last = words.split(" ").pop()!;
  const plural =
    IRREGULAR[last] ??
    (/(s|x|ch|sh)$/.test(last) ? `${last}es` : /[^aeiou]y$/.test(last) ? `${last.slice(0, -1)}ies` : `${last}s`);
  return `${count} ${words.slice(0, words.length - last.length)}${plural}`;
}

/** A booking's travellers: their number and the phrase, from their categories in order (its `quantity` when it has none). */
export function travellersOf(categories: readonly string[], quantity: number): { count: number; text: string } {
  if (categories.length === 0) return { count: quantity, text: counted(quantity, "person") };
  const totals = categoryTotals(categories.map((category) => ({ category })));
  return { count: categories.length, text: totals.map((total) => counted(total.count, total.category)).join(", ") };
}
