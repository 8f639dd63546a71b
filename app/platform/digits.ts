// Digits as a Bangla keyboard types them (০–৯), read as 0–9: the one normaliser every number,
// phone, ID, promo-code and transaction-ID field runs its input through before validating it; and
// numbers written for a reader in their language's digits.
import type { Language } from "~/platform/i18n";

const BANGLA_ZERO = 0x09e6;

/** The text with every Bengali digit (০–৯) replaced by its ASCII digit; everything else kept. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BANGLA_ZERO));
}

/** ASCII digits written in the language's own: "2026" is "২০২৬" in Bengali (a code or a count as it is). */
export function localDigits(text: string, language: Language): string {
  return language === "bn" ? text.replace(/[0-9]/g, (digit) => String.fromCharCode(BANGLA_ZERO + Number(digit))) : text;
}

// Built on first use, not as the module loads: an Intl.NumberFormat costs a phone's browser tens of
// milliseconds to build, and most pages that load this module format no number (docs/performance.md).
const NUMBERS = new Map<Language, Intl.NumberFormat>();

/** A count or amount for a reader: "1,234,567" in English, "১২,৩৪,৫৬৭" (lakh grouping) in Bengali. */
export function formatNumber(value: number, language: Language = "en"): string {
  let numbers = NUMBERS.get(language);
  if (!numbers) NUMBERS.set(language, (numbers = new Intl.NumberFormat(language === "bn" ? "bn-BD" : "en-US")));
  return numbers.format(value);
}
