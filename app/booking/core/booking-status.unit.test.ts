import { describe, expect, it } from "vitest";
import { effectiveStatus, holdDeadline, payByText } from "~/booking/core/booking-status";

const now = new Date("2026-11-24T12:00:00Z");

describe("effectiveStatus", () => {
  it("a pending booking past its hold is expired; before it, pending", () => {
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: new Date("2026-11-24T11:59:59Z") }, now)).toBe("EXPIRED");
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: now }, now)).toBe("EXPIRED");
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: "2026-11-24T12:00:01Z" }, now)).toBe("PENDING");
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: null }, now)).toBe("PENDING");
  });

  it("any other status stays as stored", () => {
    for (const status of ["CONFIRMED", "CANCELLED", "COMPLETED", "EXPIRED"] as const) {
      expect(effectiveStatus({ bookingStatus: status, holdExpiresAt: new Date(0) }, now)).toBe(status);
    }
  });
});

describe("texts", () => {
  it("the deadline in Dhaka time", () => {
    expect(payByText(new Date("2026-11-24T12:00:00Z"))).toBe("Pay by 24 Nov 2026, 18:00");
    expect(payByText("2026-12-31T18:30:00Z")).toBe("Pay by 1 Jan 2027, 00:30");
  });
});

const later = new Date("2026-11-23T12:00:00Z");

describe("a booking's status at read time", () => {
  it("shows a pending booking past its hold as expired", () => {
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: new Date("2026-11-23T11:59:59Z") }, later)).toBe("EXPIRED");
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: "2026-11-23T12:00:01Z" }, later)).toBe("PENDING");
  });

  it("leaves other statuses and bookings without a hold as they are", () => {
    expect(effectiveStatus({ bookingStatus: "CONFIRMED", holdExpiresAt: new Date("2026-11-01T00:00:00Z") }, later)).toBe(
      "CONFIRMED",
    );
    expect(effectiveStatus({ bookingStatus: "PENDING", holdExpiresAt: null }, later)).toBe("PENDING");
  });

  it("holds seats for the given minutes", () => {
    expect(holdDeadline(later, 24 * 60).toISOString()).toBe("2026-11-24T12:00:00.000Z");
    expect(holdDeadline(later, 30).toISOString()).toBe("2026-11-23T12:30:00.000Z");
  });
});
