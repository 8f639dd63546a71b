// The one home of the agency's clock and of how dates read: the agency works in Bangladesh time,
// and every date or time a person sees (pages, emails, CSV columns for people) is written here, the
// same on the server and in the browser (an explicit time zone, so hydration never disagrees), in
// the reader's language: "26 Nov 2026" in English, "২৬ নভেম্বর, ২০২৬" in Bengali (bn-BD: Bengali
// digits and month names). Machine data (API JSON, URLs, sitemaps) keeps ISO 8601.
import type { Language } from "~/platform/i18n";

const AGENCY_TIME_ZONE = "Asia/Dhaka";

/** Intl's locale per language: British day-month order in English; Bengali digits and names in bn-BD. */
const DATE_LOCALES: Record<Language, string> = { en: "en-GB", bn: "bn-BD" };
// Bengali writes the month's whole name (its short forms are not what people write).
const DATE_OPTIONS: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { day: "numeric", month: "short", year: "numeric" },
  bn: { day: "numeric", month: "long", year: "numeric" },
};

/** One formatter per language, made on first use. */
function perLanguage(make: (language: Language) => Intl.DateTimeFormat) {
  const made = new Map<Language, Intl.DateTimeFormat>();
  return (language: Language) => {
    let formatter = made.get(language);
    if (!formatter) {
      formatter = make(language);
      made.set(language, formatter);
    }
    return formatter;
  };
}

const dateInDhaka = perLanguage(
  (language) => new Intl.DateTimeFormat(DATE_LOCALES[language], { ...DATE_OPTIONS[language], timeZone: AGENCY_TIME_ZONE }),
);
const calendarDate = perLanguage(
  (language) => new Intl.DateTimeFormat(DATE_LOCALES[language], { ...DATE_OPTIONS[language], timeZone: "UTC" }),
);
const dateTimeInDhaka = new Intl.DateTimeFormat("en-GB", {
  ...DATE_OPTIONS.en,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: AGENCY_TIME_ZONE,
});
// Bengali's own date-time pattern joins them with "এ" ("২০২৬ এ ০০:৫০"); people write a comma.
const timeInDhaka = new Intl.DateTimeFormat("bn-BD", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: AGENCY_TIME_ZONE,
});
const monthFormat = perLanguage(
  (language) =>
    new Intl.DateTimeFormat(DATE_LOCALES[language], {
      month: language === "bn" ? "long" : "short",
      year: "numeric",
      timeZone: "UTC",
    }),
);
const isoDay = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: AGENCY_TIME_ZONE,
});

/** "26 Nov 2026" ("২৬ নভেম্বর, ২০২৬"): the day of a moment in Bangladesh. */
export function formatDate(moment: Date | string, language: Language = "en"): string {
  return dateInDhaka(language).format(new Date(moment));
}

/** "26 Nov 2026, 00:50" ("২৬ নভেম্বর, ২০২৬, ০০:৫০"): a moment in Bangladesh time, without seconds. */
export function formatDateTime(moment: Date | string, language: Language = "en"): string {
  const at = new Date(moment);
  return language === "en" ? dateTimeInDhaka.format(at) : `${dateInDhaka(language).format(at)}, ${timeInDhaka.format(at)}`;
}

/**
 * "8 Jan 2027" ("৮ জানুয়ারি, ২০২৭") for a calendar date (a departure: a DATE column, read as
 * midnight UTC, or "2027-01-08"): the day as written, never shifted by a time zone.
 */
export function formatCalendarDate(date: Date | string, language: Language = "en"): string {
  return calendarDate(language).format(typeof date === "string" ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : date);
}

/** "Nov 2026" ("নভেম্বর ২০২৬") for a month key "2026-11". */
export function formatMonth(month: string, language: Language = "en"): string {
  return monthFormat(language).format(new Date(`${month}-01T00:00:00Z`));
}

/** Today's date at the agency, YYYY-MM-DD (departures are dated in its calendar). */
export function agencyToday(now: Date = new Date()): string {
  return isoDay.format(now);
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
// Dhaka is UTC+6 all year (no daylight saving): its month starts at 18:00 UTC the day before.
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

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
