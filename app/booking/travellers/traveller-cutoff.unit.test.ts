import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canEditTravellers, DEFAULT_TRAVELLERS_CUTOFF_HOURS, travellersCutoff } from "~/booking/travellers/traveller-cutoff";
import { agencyToday } from "~/platform/dates";

describe("travellersCutoff and canEditTravellers", () => {
  // 8 Jan 2027 begins in Dhaka (UTC+6) at 7 Jan 18:00 UTC.
  const departureDate = "2027-01-08";
  const may = (role: "ADMIN" | "GUIDE" | "CUSTOMER", isOwner: boolean, now: string, date: string | null = departureDate) =>
    canEditTravellers({ role, isOwner, now: new Date(now), departureDate: date, cutoffHours: DEFAULT_TRAVELLERS_CUTOFF_HOURS });

  it("closes the given hours before the departure's day begins in Bangladesh", () => {
    expect(DEFAULT_TRAVELLERS_CUTOFF_HOURS).toBe(48);
    expect(travellersCutoff(departureDate, 48).toISOString()).toBe("2027-01-05T18:00:00.000Z");
    expect(travellersCutoff(departureDate, 0).toISOString()).toBe("2027-01-07T18:00:00.000Z");
    expect(travellersCutoff("2028-03-01", 24).toISOString()).toBe("2028-02-28T18:00:00.000Z");
  });

  it("starts the departure's day when the agency's clock turns to it (fast-check)", () => {
    const days = fc
      .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
      .map((day) => day.toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, (day) => {
        const start = travellersCutoff(day, 0).getTime();
        expect(agencyToday(new Date(start))).toBe(day);
        expect(agencyToday(new Date(start - 1)) < day).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("lets the booking's owner change the travellers until the cutoff", () => {
    expect(may("CUSTOMER", true, "2026-12-01T10:00:00Z")).toBe(true);
    expect(may("CUSTOMER", true, "2027-01-05T17:59:59.999Z")).toBe(true);
    expect(may("CUSTOMER", true, "2027-01-05T18:00:00Z")).toBe(false);
    expect(may("CUSTOMER", true, "2027-01-09T10:00:00Z")).toBe(false);
  });

  it("lets an admin change them at any time", () => {
    expect(may("ADMIN", false, "2027-01-05T18:00:00Z")).toBe(true);
    expect(may("ADMIN", false, "2027-02-01T00:00:00Z")).toBe(true);
  });

  it("lets nobody else change them, guides included", () => {
    expect(may("CUSTOMER", false, "2026-12-01T10:00:00Z")).toBe(false);
    expect(may("GUIDE", false, "2026-12-01T10:00:00Z")).toBe(false);
    // a guide's own booking is theirs as a customer's
    expect(may("GUIDE", true, "2026-12-01T10:00:00Z")).toBe(true);
    expect(may("GUIDE", true, "2027-01-06T00:00:00Z")).toBe(false);
  });

  it("closes a cancelled or expired booking to its owner, not to an admin", () => {
    const rule = { now: new Date("2026-12-01T10:00:00Z"), departureDate, cutoffHours: 48, ended: true };
    expect(canEditTravellers({ ...rule, role: "CUSTOMER", isOwner: true })).toBe(false);
    expect(canEditTravellers({ ...rule, role: "CUSTOMER", isOwner: true, ended: false })).toBe(true);
    expect(canEditTravellers({ ...rule, role: "ADMIN", isOwner: false })).toBe(true);
  });

  it("never closes a booking without a departure date to its owner", () => {
    expect(may("CUSTOMER", true, "2030-01-01T00:00:00Z", null)).toBe(true);
    expect(may("CUSTOMER", false, "2030-01-01T00:00:00Z", null)).toBe(false);
  });

  it("takes the configured hours", () => {
    const now = new Date("2027-01-06T18:00:00Z");
    const rule = { role: "CUSTOMER" as const, isOwner: true, now, departureDate };
    expect(canEditTravellers({ ...rule, cutoffHours: 48 })).toBe(false);
    expect(canEditTravellers({ ...rule, cutoffHours: 24 })).toBe(false);
    expect(canEditTravellers({ ...rule, cutoffHours: 23 })).toBe(true);
  });
});
