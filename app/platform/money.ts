// Prices are stored in cents. On screen they read like prices: "$9,000", "$12.50", "$1,234.50"
// (whole dollars without cents). The spec's bare numbers (the /addCart/{total} path) use dollarsValue.
const GROUPED = new Intl.NumberFormat("en-US", { useGrouping: true, maximumFractionDigits: 0 });

export function formatDollars(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  return `${sign}$${GROUPED.format(whole)}${rest === 0 ? "" : `.${String(rest).padStart(2, "0")}`}`;
}

/** "$1,234.50": dollars always with their cents (a report's figures line up). */
export function dollarsAndCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(cents) / 100);
  return `${sign}$${GROUPED.format(whole)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
}

/** "1234.50" for a spreadsheet: a number with its two decimals, no symbol. */
export function centsAsDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
}

/** The plain number the spec shows in paths: 450, 12.50 (no grouping, no dollar sign). */
export function dollarsValue(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
}
