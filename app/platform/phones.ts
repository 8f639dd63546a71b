// Bangladeshi mobile numbers, as people type them and as gateways want them (issue 40): one
// reading for every phone field (the checkout's mobileNumber, the profile's phone). Bengali digits,
// a +880, 880 or 0 prefix, spaces and dashes are accepted; what comes out for SMS and WhatsApp is
// the international form without "+", 8801XXXXXXXXX (an operator's prefix 013 to 019 and 8 digits).
import { toAsciiDigits } from "~/platform/digits";

const MOBILE = /^(?:\+?880|0)(1[3-9][0-9]{8})$/;

function subscriber(typed: string): string | null {
  const compact = toAsciiDigits(typed.trim()).replace(/[\s-]/g, "");
  return MOBILE.exec(compact)?.[1] ?? null;
}

/** "+880 1712-345678", "০১৭১২৩৪৫৬৭৮", "8801712345678" → "8801712345678"; null for anything else. */
export function toMsisdn(typed: string): string | null {
  const number = subscriber(typed);
  return number ? `880${number}` : null;
}

/** The same number as it is dialled in Bangladesh: "01712345678"; null for anything else. */
export function toNationalMobile(typed: string): string | null {
  const number = subscriber(typed);
  return number ? `0${number}` : null;
}

/** What the form and the API say when a phone field holds something else; `field` names it. */
export function invalidMobileMessage(field: string): string {
  return `Please enter ${field} as a Bangladeshi mobile number, e.g. 01712345678 or +880 1712-345678.`;
}
