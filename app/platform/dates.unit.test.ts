import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  agencyMonthBounds,
  agencyToday,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatMonth,
  readAgencyMonth,
} from "~/platform/dates";

describe("dates", () => {
  it("shows a moment in Bangladesh time (UTC+6): the evening in UTC is the next day in Dhaka", () => {
    const moment = new Date("2026-11-25T18:50:08Z");
    expect(formatDateTime(moment)).toBe("26 Nov 2026, 00:50");
    expect(formatDate(moment)).toBe("26 Nov 2026");
    expect(formatDateTime("2026-11-23T12:05:00Z")).toBe("23 Nov 2026, 18:05");
    expect(formatDate("2026-11-23T17:59:59Z")).toBe("23 Nov 2026");
  });
  it("writes no seconds, no GMT and no ISO date", () => {
    const text = formatDateTime(new Date("2027-01-07T18:50:59Z"));
    expect(text).toBe("8 Jan 2027, 00:50");
    expect(text).not.toMatch(/GMT|UTC|\d{4}-\d{2}-\d{2}|:\d{2}:\d{2}/);
  });
  it("shows a calendar date as the day it is, whatever the time zone", () => {
    expect(formatCalendarDate("2027-01-08")).toBe("8 Jan 2027");
    expect(formatCalendarDate(new Date("2027-01-08T00:00:00Z"))).toBe("8 Jan 2027");
    expect(formatCalendarDate("2026-12-31")).toBe("31 Dec 2026");
  });
  it("names a month", () => {
    expect(formatMonth("2026-01")).toBe("Jan 2026");
  });
  it("knows the agency's today", () => {
    expect(agencyToday(new Date("2026-11-23T17:59:00Z"))).toBe("2026-11-23");
    expect(agencyToday(new Date("2026-11-23T18:00:00Z"))).toBe("2026-11-24");
  });
});

describe("dates written by hand", () => {
  const DATE = { day: "numeric", month: "short", year: "numeric" } as const;
  const intl = {
    date: new Intl.DateTimeFormat("en-GB", { ...DATE, timeZone: "Asia/Dhaka" }),
    dateTime: new Intl.DateTimeFormat("en-GB", {
      ...DATE,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "Asia/Dhaka",
    }),
    calendar: new Intl.DateTimeFormat("en-GB", { ...DATE, timeZone: "UTC" }),
    month: new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" }),
    isoDay: new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Asia/Dhaka" }),
  };
  // From 2010 (Bangladesh's last daylight saving time was in 2009) to 2100.
  const moments = fc.date({ min: new Date("2010-01-01T00:00:00Z"), max: new Date("2100-12-31T23:59:59Z"), noInvalidDate: true });

  it("read as Intl writes them in en-GB, in Dhaka time", () => {
    fc.assert(
      fc.property(moments, (moment) => {
        expect(formatDate(moment)).toBe(intl.date.format(moment));
        expect(formatDateTime(moment)).toBe(intl.dateTime.format(moment));
        expect(agencyToday(moment)).toBe(intl.isoDay.format(moment));
        const day = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
        expect(formatCalendarDate(day)).toBe(intl.calendar.format(day));
        expect(formatCalendarDate(day.toISOString().slice(0, 10))).toBe(intl.calendar.format(day));
        expect(formatMonth(day.toISOString().slice(0, 7))).toBe(intl.month.format(day));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuse an invalid date as Intl does", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDateTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => formatCalendarDate("2026-13-45")).toThrow(RangeError);
    expect(() => formatMonth("2026-13")).toThrow(RangeError);
  });
});

describe("the agency's month", () => {
  it("defaults to this month in Dhaka and bounds a month at Dhaka's midnights", () => {
    // 18:30 UTC on 30 Nov is 00:30 on 1 Dec in Dhaka
    expect(readAgencyMonth(null, new Date("2026-11-30T18:30:00Z"))).toEqual({ month: "2026-12", error: null });
    expect(readAgencyMonth("2027-03", new Date("2026-11-30T12:00:00Z"))).toEqual({ month: "2027-03", error: null });
    expect(readAgencyMonth("2026-13", new Date("2026-11-30T12:00:00Z"))).toEqual({
      month: "2026-11",
      error: "The month must look like 2026-11.",
    });
    expect(agencyMonthBounds("2026-12").map((date) => date.toISOString())).toEqual([
      "2026-11-30T18:00:00.000Z",
      "2026-12-31T18:00:00.000Z",
    ]);
  });
});

describe("dates in Bengali", () => {
  it("have Bengali digits and month names, on the same Dhaka calendar day", () => {
    // 18:50 UTC on 26 Nov is 00:50 on 27 Nov in Dhaka, in both languages.
    expect(formatDate("2026-11-26T18:50:00Z")).toBe("27 Nov 2026");
    expect(formatDate("2026-11-26T18:50:00Z", "bn")).toBe("২৭ নভেম্বর, ২০২৬");
    expect(formatDateTime("2026-11-26T18:50:00Z", "bn")).toBe("২৭ নভেম্বর, ২০২৬, ০০:৫০");
    expect(formatCalendarDate("2027-01-08", "bn")).toBe("৮ জানুয়ারি, ২০২৭");
    expect(formatMonth("2026-11", "bn")).toBe("নভেম্বর ২০২৬");
  });
});
