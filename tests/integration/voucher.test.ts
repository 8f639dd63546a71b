// A booking's voucher (/dashboard/orders/{id}/voucher): its owner's or an admin's, anyone else gets
// the booking page's 404; a confirmed booking shows its trip, meeting point, travellers (ID numbers
// masked) and the QR code of its reference; one not yet confirmed says why and links to pay.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import * as voucherPage from "~/routes/dashboard.orders.$id_.voucher";
import { authedGet, createUser, signIn } from "../support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../support/bookings";
import { expectedQrMatrix, qrMatrixOfSvg } from "../support/qr";
import { callRoute } from "../support/requests";

beforeAll(() => db(), 180_000);

async function confirmedBooking() {
  const prisma = await db();
  const owner = await createUser();
  const tourPackage = await createPackage(20_000);
  await prisma.service.update({ where: { id: tourPackage.id }, data: { meetingPoint: "Khulna launch ghat, 7:00" } });
  const departure = await createDeparture(tourPackage.id, inDays(30), 10);
  const order = await bookDeparture(owner, departure, 2);
  await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "CONFIRMED", paymentStatus: "PAID" } });
  // Until the checkout writes travellers, the fixture does.
  const traveller = { categoryType: "ADULT" as const, priceCents: 20_000, takesSeat: true };
  await prisma.traveller.createMany({
    data: [
      { ...traveller, orderId: order.id, position: 0, categoryName: "Adult", name: "Rina Das", idNumber: "1234567890123" },
      { ...traveller, orderId: order.id, position: 1, categoryName: "Child", categoryType: "CHILD", name: null },
    ],
  });
  return { owner, order, departure };
}

const open = async (orderId: string, cookie: string | null) =>
  callRoute(voucherPage.loader, authedGet(`/dashboard/orders/${orderId}/voucher`, cookie), { id: orderId });

describe("the voucher page", () => {
  it("shows the owner the trip, the travellers with their IDs masked and the QR code of the reference", async () => {
    const { owner, order } = await confirmedBooking();
    const page = await open(order.id, await signIn(owner.id));
    expect(page.status).toBe(200);
    const { booking, voucher, refusal, isOwner } = page.data;
    expect(refusal).toBeNull();
    expect(isOwner).toBe(true);
    expect(booking).toEqual({ id: order.id, reference: order.reference, serviceTitle: order.serviceTitle });
    expect(voucher).toMatchObject({
      agency: "Tour Booking",
      meetingPoint: "Khulna launch ghat, 7:00",
      billingContact: "Rina Das",
      travellers: [
        { name: "Rina Das", category: "Adult", idNumber: "•••••••••0123" },
        { name: null, category: "Child", idNumber: null },
      ],
    });
    expect(JSON.stringify(page.data)).not.toContain("1234567890123");
    expect(voucher.qrCode).toMatch(/^<svg [^>]*viewBox=/);
    expect(qrMatrixOfSvg(voucher.qrCode)).toEqual(expectedQrMatrix(order.reference));
  });

  it("is an admin's too, and not found for anyone else or signed out", async () => {
    const { order } = await confirmedBooking();
    const admin = await createUser({ role: "ADMIN" });
    const asAdmin = await open(order.id, await signIn(admin.id));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.data.isOwner).toBe(false);
    expect(asAdmin.data.voucher.travellers).toHaveLength(2);

    const stranger = await createUser();
    const asStranger = await open(order.id, await signIn(stranger.id));
    expect(asStranger).toMatchObject({ status: 404, thrown: true });
    expect(JSON.stringify(asStranger.data)).not.toContain(order.reference);

    const signedOut = await open(order.id, null);
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/login/);

    expect((await open("not-an-id", await signIn(stranger.id))).status).toBe(404);
  });

  it("says why an unpaid booking has no voucher yet, with the way to pay, and draws no code", async () => {
    const owner = await createUser();
    const departure = await createDeparture((await createPackage()).id, inDays(20), 10);
    const order = await bookDeparture(owner, departure, 1);
    const page = await open(order.id, await signIn(owner.id));
    expect(page.status).toBe(200);
    expect(page.data.voucher).toBeNull();
    expect(page.data.refusal).toEqual({ reason: expect.stringContaining("not paid yet"), canPay: true });
    expect(JSON.stringify(page.data)).not.toContain("<svg");

    const prisma = await db();
    await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "CANCELLED" } });
    const cancelled = await open(order.id, await signIn(owner.id));
    expect(cancelled.data.refusal).toEqual({ reason: "This booking is cancelled: it has no voucher.", canPay: false });
  });
});
