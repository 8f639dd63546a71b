import { describe, expect, it } from "vitest";
import { effectiveStatus, holdDeadline } from "~/domain/booking-status";

const now = new Date("2026-11-23T12:00:00Z");

describe("a booking's status at read time", () => {
  it("shows a pending booking past its hold as expired", () => {
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: new Date("2026-11-23T11:59:59Z") }, now)).toBe("EXPIRED");
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: "2026-11-23T12:00:01Z" }, now)).toBe("PENDING");
  });

  it("leaves other statuses and bookings without a hold as they are", () => {
    expect(effectiveStatus({ bookingStatus: "CONFIRMED", holdExpiresAt: new Date("2026-11-01T00:00:00Z") }, now)).toBe(
      "CONFIRMED",
    );
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: null }, now)).toBe("PENDING");
  });

  it("holds seats for the given hours", () => {
    expect(holdDeadline(now, 24).toISOString()).toBe("2026-11-24T12:00:00.000Z");
  });
});
