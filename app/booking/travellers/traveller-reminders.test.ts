// The reminder for travellers' details still to follow (issue 35 item 8): one email, REMINDER_HOURS
// before the cutoff, for a live website booking with a name or a required ID number missing; never
// twice (run twice, and twice at once as two instances would), never once all is given, never after
// the cutoff; and the admin's list counts the travellers whose details are missing.
import { describe, expect, it } from "vitest";
import { listOrdersPage } from "~/booking/lists/booking-list-store.server";
import { travellersCutoff } from "~/booking/travellers/traveller-cutoff";
import { REMINDER_HOURS, remindTravellerDetails } from "~/booking/travellers/traveller-reminders.server";
import { db } from "~/platform/db.server";
import { createUser } from "../../../tests/support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../../../tests/support/bookings";
import { setTravellers } from "../../../tests/support/travellers";

const HOUR = 3_600_000;
const CUTOFF_HOURS = 48;

async function booking(days: number, travellers: Parameters<typeof setTravellers>[1], idRequired = true) {
  const prisma = await db();
  const user = await createUser();
  const tourPackage = await createPackage();
  await prisma.service.update({ where: { id: tourPackage.id }, data: { idRequired } });
  const departure = await createDeparture(tourPackage.id, inDays(days));
  const order = await bookDeparture(user, departure, travellers.length);
  await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "CONFIRMED", holdExpiresAt: null } });
  await setTravellers(order.id, travellers);
  const cutoff = travellersCutoff(inDays(days), CUTOFF_HOURS);
  return { user, order, cutoff };
}

const mailTo = async (to: string) => (await db()).outboxEmail.findMany({ where: { to }, select: { subject: true, text: true } });

describe("the reminder for travellers' details to follow", () => {
  it("goes once, REMINDER_HOURS before the cutoff, saying what is missing and until when", async () => {
    const { user, order, cutoff } = await booking(12, [{ name: "Rina Das" }, {}]);
    const before = new Date(cutoff.getTime() - (REMINDER_HOURS + 1) * HOUR);
    await remindTravellerDetails(before, CUTOFF_HOURS);
    expect(await mailTo(user.email)).toEqual([]);

    const due = new Date(cutoff.getTime() - (REMINDER_HOURS - 1) * HOUR);
    await Promise.all([remindTravellerDetails(due, CUTOFF_HOURS), remindTravellerDetails(due, CUTOFF_HOURS)]);
    await remindTravellerDetails(new Date(due.getTime() + HOUR), CUTOFF_HOURS);
    const mail = await mailTo(user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`Travellers' details needed: ${order.serviceTitle} [${order.reference}]`);
    expect(mail[0].text).toContain("still has 1 name and 2 ID numbers to follow.");
    expect(mail[0].text).toContain(`/dashboard/orders/${order.id}`);

    const page = await listOrdersPage({ filter: {}, sort: "newest", cursor: null, limit: 100, now: due, ownerId: user.id });
    expect(page.rows.map((row) => row.travellersToFollow)).toEqual([2]);
  });

  it("does not go when all is given, for an ID the package does not ask, after the cutoff or for a cancelled booking", async () => {
    const complete = await booking(12, [{ name: "Rina Das", idNumber: "1234567890" }]);
    const noIdAsked = await booking(12, [{ name: "Rina Das" }], false);
    const late = await booking(2, [{}]);
    const cancelled = await booking(12, [{}]);
    await (await db()).order.update({ where: { id: cancelled.order.id }, data: { bookingStatus: "CANCELLED" } });
    await remindTravellerDetails(new Date(complete.cutoff.getTime() - HOUR), CUTOFF_HOURS);
    await remindTravellerDetails(new Date(late.cutoff.getTime() + HOUR), CUTOFF_HOURS);
    for (const { user } of [complete, noIdAsked, late, cancelled]) expect(await mailTo(user.email)).toEqual([]);
    const page = await listOrdersPage({
      filter: {},
      sort: "newest",
      cursor: null,
      limit: 100,
      now: new Date(),
      ownerId: noIdAsked.user.id,
    });
    expect(page.rows.map((row) => row.travellersToFollow)).toEqual([0]);
  });
});
