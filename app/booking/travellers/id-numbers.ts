// Travellers' ID numbers (NID, birth registration, passport), which ferries and forest permits ask
// for: how they are stored and how lists show them. Client-safe; who may see one whole is the
// pages' and the API's rule (the booking's owner, admins and guides).

import { toAsciiDigits } from "~/platform/digits";

const ID_FORMATS = [
  /^\d{10}$|^\d{13}$|^\d{17}$/, // national ID (10, 13 or 17 digits); a birth registration number has 17
  /^[A-Z]{1,2}\d{7,8}$/, // passport
];

/** An NID, birth registration or passport number as stored: spaces and dashes dropped, letters upper-cased; null if it is none. */
export function normaliseIdNumber(value: string): string | null {
  const compact = toAsciiDigits(value.replace(/[\s\-\u2010-\u2015]/g, "")).toUpperCase();
  return ID_FORMATS.some((format) => format.test(compact)) ? compact : null;
}

const MASK = "•";

/** An ID number as lists show it: only its last 4 characters ("•••••••6789"); a short one wholly masked. */
export function maskIdNumber(id: string | null): string | null {
  if (id === null) return null;
  const shown = id.length > 4 ? id.slice(-4) : "";
  return MASK.repeat(id.length - shown.length) + shown;
}
