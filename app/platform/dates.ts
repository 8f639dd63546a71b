// The one home of the agency's clock and of how dates read: the agency works in Bangladesh time,
// and every date or time a person sees (pages, emails, CSV columns for people) is written here, the
// same on the server and in the browser (an explicit time zone, so hydration never disagrees), in
// the reader's language: "26 Nov 2026" in English, "২৬ নভেম্বর, ২০২৬" in Bengali (bn-BD: Bengali
// digits and month names). Machine data (API JSON, URLs, sitemaps) keeps ISO 8601.
import type { Language } from "~/platform/i18n";

const AGENCY_TIME_ZONE = "Asia/Dhaka";
// Dhaka is UTC+6 all year (no daylight saving since 2009): a moment's Dhaka day and time are those of
// the moment six hours later in UTC; its month starts at 18:00 UTC the day before.
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

// English is written by hand, as Intl writes "en-GB" (a unit test compares the two); Bengali through
// Intl's bn-BD, each formatter built on its first use. Building an Intl.DateTimeFormat took a
// phone's browser 20–30 ms, the longest step of the trip page's hydration (docs/performance.md).
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The moment as a Date whose UTC fields read Dhaka's clock; an invalid date is refused as Intl refuses it. */
function inDhaka(moment: Date): Date {
  const time = moment.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  return new Date(time + DHAKA_OFFSET_MS);
}

/** "8 Jan 2027": the day of a Date read in UTC. */
function dayOf(utc: Date): string {
  if (Number.isNaN(utc.getTime())) throw new RangeError("Invalid time value");
  return `${utc.getUTCDate()} ${MONTHS[utc.getUTCMonth()]} ${utc.getUTCFullYear()}`;
}

/** A bn-BD formatter, made on first use. */
function bengali(options: Intl.DateTimeFormatOptions) {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat("bn-BD", options));
}
// Bengali writes the month's whole name (its short forms are not what people write).
const BENGALI_DATE = { day: "numeric", month: "long", year: "numeric" } as const;
const bengaliDate = bengali({ ...BENGALI_DATE, timeZone: AGENCY_TIME_ZONE });
const bengaliCalendarDate = bengali({ ...BENGALI_DATE, timeZone: "UTC" });
// Bengali's own date-time pattern joins them with "এ" ("২০২৬ এ ০০:৫০"); people write a comma.
const bengaliTime = bengali({ hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: AGENCY_TIME_ZONE });
const bengaliMonth = bengali({ month: "long", year: "numeric", timeZone: "UTC" });

/** "26 Nov 2026" ("২৬ নভেম্বর, ২০২৬"): the day of a moment in Bangladesh. */
export function formatDate(moment: Date | string, language: Language = "en"): string {
  const at = new Date(moment);
  return language === "en" ? dayOf(inDhaka(at)) : bengaliDate().format(at);
}

/** "26 Nov 2026, 00:50" ("২৬ নভেম্বর, ২০২৬, ০০:৫০"): a moment in Bangladesh time, without seconds. */
export function formatDateTime(moment: Date | string, language: Language = "en"): string {
  const at = new Date(moment);
  if (language !== "en") return `${bengaliDate().format(at)}, ${bengaliTime().format(at)}`;
  const dhaka = inDhaka(at);
  return `${dayOf(dhaka)}, ${twoDigits(dhaka.getUTCHours())}:${twoDigits(dhaka.getUTCMinutes())}`;
}

/**
 * "8 Jan 2027" ("৮ জানুয়ারি, ২০২৭") for a calendar date (a departure: a DATE column, read as
 * midnight UTC, or "2027-01-08"): the day as written, never shifted by a time zone.
 */
export function formatCalendarDate(date: Date | string, language: Language = "en"): string {
  const day = typeof date === "string" ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date;
  return language === "en" ? dayOf(day) : bengaliCalendarDate().format(day);
}

/** "Nov 2026" ("নভেম্বর ২০২৬") for a month key "2026-11". */
export function formatMonth(month: string, language: Language = "en"): string {
  const first = new Date(`${month}-01T00:00:00Z`);
  if (language !== "en") return bengaliMonth().format(first);
  if (Number.isNaN(first.getTime())) throw new RangeError("Invalid time value");
  return `${MONTHS[first.getUTCMonth()]} ${first.getUTCFullYear()}`;
}

/** Today's date at the agency, YYYY-MM-DD (departures are dated in its calendar). */
export function agencyToday(now: Date = new Date()): string {
  return inDhaka(now).toISOString().slice(0, 10);
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month asked for (YYYY-MM), this month at the agency when none is; an error for anything else. */
export function readAgencyMonth(raw: string | null, now = new Date()): { month: string; error: string | null } {
  const today = agencyToday(now).slice(0, 7);
  if (!raw) return { month: today, error: null };
  if (!MONTH.test(raw)) return { month: today, error: "The month must look like 2026-11." };
  return { month: raw, error: null };
}

/** [start, end) of a YYYY-MM month in Dhaka, as UTC instants. */
export function agencyMonthBounds(month: string): [Date, Date] {
  const [, year, mm] = MONTH.exec(month) ?? [];
  const y = Number(year);
  const m = Number(mm);
  return [new Date(Date.UTC(y, m - 1, 1) - DHAKA_OFFSET_MS), new Date(Date.UTC(y, m, 1) - DHAKA_OFFSET_MS)];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date: a stored @db.Date (midnight UTC) as YYYY-MM-DD; a date already serialised (JSON) keeps its day. */
export function isoDate(date: Date | string): string {
  return typeof date === "string" ? date.slice(0, 10) : date.toISOString().slice(0, 10);
}

/** Whether the text is a real calendar day written YYYY-MM-DD (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDate(date) === value;
}
