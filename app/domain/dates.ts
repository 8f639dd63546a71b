// How the site shows dates: the agency works in Bangladesh time, the same on the server and in
// the browser (a fixed time zone, so hydration never disagrees).
const AGENCY_TIME_ZONE = "Asia/Dhaka";

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: AGENCY_TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: AGENCY_TIME_ZONE,
});
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

/** "23 Nov 2026": the day of a moment in Bangladesh. */
export function formatDay(date: Date | string): string {
  return dayFormat.format(new Date(date));
}

/** "23 Nov 2026, 18:05": a moment in Bangladesh time. */
export function formatDateTime(date: Date | string): string {
  return dateTimeFormat.format(new Date(date));
}

/** "Nov 2026" for a month key "2026-11". */
export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}
