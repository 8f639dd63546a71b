// Prices are stored in cents and shown in whole dollars when they are whole ("$450", "$12.50").
export function formatDollars(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** The plain number the spec shows in paths and headings: 450, 12.5 */
export function dollarsValue(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);
}
