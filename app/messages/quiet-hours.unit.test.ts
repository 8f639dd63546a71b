import { describe, expect, it } from "vitest";
import { afterQuietHours } from "~/messages/quiet-hours";

// Dhaka is UTC+6: 22:00 Dhaka is 16:00 UTC, 08:00 Dhaka is 02:00 UTC.
describe("quiet hours, 22:00 to 08:00 in Dhaka", () => {
  it.each([
    ["2026-12-01T02:00:00.000Z", "2026-12-01T02:00:00.000Z"], // 08:00 Dhaka: goes
    ["2026-12-01T09:30:00.000Z", "2026-12-01T09:30:00.000Z"], // 15:30
    ["2026-12-01T15:59:59.000Z", "2026-12-01T15:59:59.000Z"], // 21:59:59
    ["2026-12-01T16:00:00.000Z", "2026-12-02T02:00:00.000Z"], // 22:00: the next morning
    ["2026-12-01T17:45:00.000Z", "2026-12-02T02:00:00.000Z"], // 23:45
    ["2026-12-01T18:30:00.000Z", "2026-12-02T02:00:00.000Z"], // 00:30 on the 2nd, Dhaka
    ["2026-12-02T01:59:00.000Z", "2026-12-02T02:00:00.000Z"], // 07:59
    ["2026-12-31T20:00:00.000Z", "2027-01-01T02:00:00.000Z"], // 02:00 on New Year's day
  ])("queued at %s goes at %s", (queued, goes) => {
    expect(afterQuietHours(new Date(queued)).toISOString()).toBe(goes);
  });
});
