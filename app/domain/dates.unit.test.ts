import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay, formatMonth } from "~/domain/dates";

describe("dates", () => {
  it("shows moments in Bangladesh time (UTC+6)", () => {
    expect(formatDay("2026-11-23T20:00:00Z")).toBe("24 Nov 2026");
    expect(formatDateTime("2026-11-23T12:05:00Z")).toBe("23 Nov 2026, 18:05");
  });
  it("names a month", () => {
    expect(formatMonth("2026-01")).toBe("Jan 2026");
  });
});
