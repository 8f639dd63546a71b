// Digits as a Bangla keyboard types them (০–৯), read as 0–9: the one normaliser every number,
// phone, ID, promo-code and transaction-ID field runs its input through before validating it.
const BANGLA_ZERO = 0x09e6;

/** The text with every Bengali digit (০–৯) replaced by its ASCII digit; everything else kept. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BANGLA_ZERO));
}
