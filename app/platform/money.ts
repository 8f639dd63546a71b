// Prices are stored in cents. On screen they read like prices: "$9,000", "$12.50", "$1,234.50"
// (whole dollars without cents); in Bengali the same value and sign in Bengali digits with lakh
// grouping: "$৯,০০০", "$১২.৫০", "$১,২৩,৪৫৬". The spec's bare numbers (the /addCart/{total} path) use dollarsValue.
import { localDigits } from "~/platform/digits";
import type { Language } from "~/platform/i18n";

// English groups whole dollars by thousands by hand ("1,234,567", as en-US writes them; a unit test
// compares); Bengali's lakh grouping comes from Intl, built on first use. An Intl.NumberFormat built
// at module load was the browser's costliest single step of a page's start-up (about 35–50 ms on a
// phone; docs/performance.md).
const THOUSANDS = /\B(?=(\d{3})+$)/g;
let bengaliGrouping: Intl.NumberFormat | undefined;

function grouped(whole: number, language: Language): string {
  if (language === "en") return String(whole).replace(THOUSANDS, ",");
  bengaliGrouping ??= new Intl.NumberFormat("bn-BD", { useGrouping: true, maximumFractionDigits: 0 });
  return bengaliGrouping.format(whole);
}

function dollars(cents: number, language: Language, alwaysCents: boolean): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  const fraction = rest === 0 && !alwaysCents ? "" : `.${localDigits(String(rest).padStart(2, "0"), language)}`;
  return `${sign}$${grouped(whole, language)}${fraction}`;
}

export function formatDollars(cents: number, language: Language = "en"): string {
  return dollars(cents, language, false);
}

/** "$1,234.50": dollars always with their cents (a report's figures line up). */
export function dollarsAndCents(cents: number, language: Language = "en"): string {
  return dollars(cents, language, true);
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
