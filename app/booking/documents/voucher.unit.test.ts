import { describe, expect, it } from "vitest";
import { voucherPath, voucherRefusal } from "./voucher";

const now = new Date("2026-11-27T06:00:00Z");
const later = new Date("2026-11-27T08:00:00Z");
const earlier = new Date("2026-11-27T05:00:00Z");

describe("voucherRefusal", () => {
  it("gives confirmed bookings and past trips their voucher", () => {
    expect(voucherRefusal({ bookingStatus: "CONFIRMED", holdExpiresAt: null, paymentStatus: "PAID" }, now)).toBeNull();
    expect(voucherRefusal({ bookingStatus: "COMPLETED", holdExpiresAt: null, paymentStatus: "PAID" }, now)).toBeNull();
  });

  it("tells a pending booking to pay first, and an ended one that it has none", () => {
    expect(voucherRefusal({ bookingStatus: "PENDING", holdExpiresAt: later, paymentStatus: "UNPAID" }, now)).toEqual({
      reason: "This booking is not paid yet: its voucher is ready as soon as it is paid.",
      canPay: true,
    });
    // a hold past its deadline is expired before the sweep says so
    expect(voucherRefusal({ bookingStatus: "PENDING", holdExpiresAt: earlier, paymentStatus: "UNPAID" }, now)).toMatchObject({
      reason: expect.stringContaining("expired"),
      canPay: false,
    });
    expect(voucherRefusal({ bookingStatus: "CANCELLED", holdExpiresAt: null, paymentStatus: "PAID" }, now)).toEqual({
      reason: "This booking is cancelled: it has no voucher.",
      canPay: false,
    });
  });
});

describe("voucherPath", () => {
  it("is under the booking's page", () => {
    expect(voucherPath("abc")).toBe("/dashboard/orders/abc/voucher");
  });
});
