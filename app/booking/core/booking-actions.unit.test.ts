import { describe, expect, it } from "vitest";
import { bookingActions, type BookingActionsInput } from "~/booking/core/booking-actions";

// 24 Nov 2026, 18:00 in Dhaka.
const now = new Date("2026-11-24T12:00:00Z");

const booking = (overrides: Partial<BookingActionsInput>): BookingActionsInput => ({
  bookingStatus: "PENDING",
  holdExpiresAt: "2026-11-25T12:00:00Z",
  paymentStatus: "UNPAID",
  travelDate: "2026-12-20",
  ...overrides,
});

describe("bookingActions", () => {
  it("an unpaid hold: pay, delete (seats freed) or cancel", () => {
    expect(bookingActions(booking({}), now)).toEqual({
      status: "PENDING",
      live: true,
      canPay: true,
      canDelete: true,
      canCancel: true,
      deleteHint: "Removes this unpaid booking and frees its seats.",
      cancelHint: "Cancels this unpaid booking and frees its seats; nothing is charged.",
    });
    expect(bookingActions(booking({ travelDate: null, holdExpiresAt: null }), now)).toMatchObject({
      canPay: true,
      deleteHint: "Removes this unpaid order.",
      cancelHint: "Cancels this unpaid order; nothing is charged.",
    });
  });

  it("a reseller's booking: never paid by card here nor deleted, even on hold; cancelled under the policy", () => {
    const resold = (overrides: Partial<BookingActionsInput>) => booking({ channel: "RESELLER", ...overrides });
    for (const held of [resold({}), resold({ bookingStatus: "CONFIRMED", holdExpiresAt: null })]) {
      expect(bookingActions(held, now)).toMatchObject({
        live: true,
        canPay: false,
        canDelete: false,
        canCancel: true,
        deleteHint: "Bookings sold by a reseller are kept: cancel it instead",
        cancelHint:
          "Cancels the trip under the package's refund policy and keeps it on record; the reseller settles with the agency (nothing is refunded by card).",
      });
    }
    // the website's own booking as before
    expect(bookingActions(booking({ channel: "WEBSITE" }), now).canPay).toBe(true);
  });

  it("a paid booking: no pay, no delete, cancel with the refund", () => {
    expect(bookingActions(booking({ bookingStatus: "CONFIRMED", paymentStatus: "PAID" }), now)).toEqual({
      status: "CONFIRMED",
      live: true,
      canPay: false,
      canDelete: false,
      canCancel: true,
      deleteHint: "Paid orders are kept",
      cancelHint: "Cancels the trip; you get the refund shown above.",
    });
  });

  it("a hold past its deadline is expired before the sweep: nothing to do", () => {
    const actions = bookingActions(booking({ holdExpiresAt: "2026-11-24T11:59:59Z" }), now);
    expect(actions).toMatchObject({ status: "EXPIRED", live: false, canPay: false, canDelete: false, canCancel: false });
    expect(actions.deleteHint).toBe("Expired bookings stay in your order history.");
    expect(actions.cancelHint).toBe("This booking has expired: its seats were released and nothing was paid.");
  });

  it("cancelled and completed bookings: nothing to do, and why", () => {
    expect(bookingActions(booking({ bookingStatus: "CANCELLED" }), now)).toMatchObject({
      canPay: false,
      canDelete: false,
      canCancel: false,
      deleteHint: "Cancelled bookings stay in your order history.",
      cancelHint: "This booking is already cancelled.",
    });
    expect(
      bookingActions(booking({ bookingStatus: "COMPLETED", paymentStatus: "PAID", travelDate: "2026-11-01" }), now),
    ).toMatchObject({
      canPay: false,
      canDelete: false,
      canCancel: false,
      cancelHint: "This trip has taken place: it cannot be cancelled.",
    });
  });

  it("a confirmed trip on or after its date (in Dhaka) cannot be cancelled by the customer", () => {
    const onTheDay = bookingActions(
      booking({ bookingStatus: "CONFIRMED", paymentStatus: "PAID", travelDate: "2026-11-24" }),
      now,
    );
    expect(onTheDay).toMatchObject({ live: true, canCancel: false, canDelete: false });
    expect(onTheDay.cancelHint).toMatch(/^The departure date has passed/);
    // 23:30 on the 23rd in Dhaka is still the day before.
    const dayBefore = bookingActions(
      booking({ bookingStatus: "CONFIRMED", paymentStatus: "PAID", travelDate: "2026-11-24" }),
      new Date("2026-11-23T17:30:00Z"),
    );
    expect(dayBefore.canCancel).toBe(true);
  });
});
