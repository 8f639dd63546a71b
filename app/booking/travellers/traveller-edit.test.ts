// Completing and correcting a booking's travellers: the owner until the cutoff, an admin at any
// time, the ages at the travel date and the package's "ID required", and nothing saved on any error.
import { describe, expect, it } from "vitest";
import { travellersCutoff } from "~/booking/travellers/traveller-cutoff";
import { bookingTravellers, TravellersError, updateTravellers } from "~/booking/travellers/traveller-edit.server";
import { db } from "~/platform/db.server";
import { createUser } from "../../../tests/support/auth";
import { bookDeparture, createDeparture, createPackage, inDays } from "../../../tests/support/bookings";
import { setTravellers } from "../../../tests/support/travellers";

const asUser = (user: { id: string }, role: "CUSTOMER" | "ADMIN" = "CUSTOMER") => ({
  id: user.id,
  isAdmin: role === "ADMIN",
  isGuide: false,
});

async function familyBooking({ idRequired = false, days = 10 } = {}) {
  const owner = await createUser();
  const tourPackage = await createPackage();
  const prisma = await db();
  await prisma.service.update({ where: { id: tourPackage.id }, data: { idRequired } });
  const departure = await createDeparture(tourPackage.id, inDays(days));
  const order = await bookDeparture(owner, departure, 2);
  // Paid: its hold would otherwise run out before the later moments the tests take as "now".
  await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "CONFIRMED", holdExpiresAt: null } });
  const [adult, child] = await setTravellers(order.id, [{}, { category: "Child" }]);
  return { owner, order, adult, child, date: inDays(days) };
}

const stored = async (orderId: string) =>
  (await db()).traveller.findMany({
    where: { orderId },
    orderBy: { position: "asc" },
    select: { name: true, dateOfBirth: true, idNumber: true },
  });

/** A date of birth making someone `years` old on `date` (YYYY-MM-DD). */
const bornYearsBefore = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;

async function refusal(promise: Promise<unknown>): Promise<TravellersError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TravellersError);
  return error as TravellersError;
}

describe("updating a booking's travellers", () => {
  it("lets the owner complete them before the cutoff, the ID number stored normalised", async () => {
    const { owner, order, adult, child, date } = await familyBooking({ idRequired: true });
    await updateTravellers(order.id, asUser(owner), [
      { id: adult.id, name: "  Rina   Das ", dateOfBirth: "1990-05-01", idNumber: "1234 567 890" },
      { id: child.id, name: "Tuhin Das", dateOfBirth: bornYearsBefore(date, 7), idNumber: "১২৩৪৫৬৭৮৯০১২৩৪৫৬৭" },
    ]);
    expect(await stored(order.id)).toEqual([
      { name: "Rina Das", dateOfBirth: new Date("1990-05-01T00:00:00Z"), idNumber: "1234567890" },
      { name: "Tuhin Das", dateOfBirth: new Date(`${bornYearsBefore(date, 7)}T00:00:00Z`), idNumber: "12345678901234567" },
    ]);
    // A field left out keeps what is stored (JSON shows ID numbers masked: a client cannot send them back).
    await updateTravellers(order.id, asUser(owner), [{ id: adult.id, name: "Rina Akter Das" }]);
    expect((await stored(order.id))[0]).toEqual({
      name: "Rina Akter Das",
      dateOfBirth: new Date("1990-05-01T00:00:00Z"),
      idNumber: "1234567890",
    });
  });

  it("refuses the owner after the cutoff and lets an admin change them then; others do not find the booking", async () => {
    const { owner, order, adult, date } = await familyBooking();
    const after = new Date(travellersCutoff(date, 48).getTime() + 60_000);
    const before = new Date(travellersCutoff(date, 48).getTime() - 60_000);
    const change = [{ id: adult.id, name: "Rina Das" }];
    expect((await refusal(updateTravellers(order.id, asUser(owner), change, { now: after, cutoffHours: 48 }))).code).toBe(
      "closed",
    );
    expect((await stored(order.id))[0].name).toBeNull();
    const view = await bookingTravellers(order.id, asUser(owner), { now: after, cutoffHours: 48 });
    expect(view).toMatchObject({ canEdit: false, cutoff: travellersCutoff(date, 48) });
    expect((await bookingTravellers(order.id, asUser(owner), { now: before, cutoffHours: 48 }))?.canEdit).toBe(true);
    // The cutoff is configurable: with 0 hours the owner may still change them.
    await updateTravellers(order.id, asUser(owner), [{ id: adult.id, name: "Rina Das" }], { now: after, cutoffHours: 0 });
    expect((await stored(order.id))[0].name).toBe("Rina Das");

    const admin = await createUser({ role: "ADMIN" });
    await updateTravellers(order.id, asUser(admin, "ADMIN"), [{ id: adult.id, name: "Rina Akter" }], {
      now: after,
      cutoffHours: 48,
    });
    expect((await stored(order.id))[0].name).toBe("Rina Akter");

    const stranger = await createUser();
    expect((await refusal(updateTravellers(order.id, asUser(stranger), change, { now: before }))).code).toBe("not-found");
    expect(await bookingTravellers(order.id, asUser(stranger))).toBeNull();
  });

  it("refuses the owner of a cancelled or expired booking (nobody travels on it); an admin may still correct it", async () => {
    const { owner, order, adult } = await familyBooking();
    const prisma = await db();
    const change = [{ id: adult.id, name: "Rina Das" }];
    await prisma.order.update({ where: { id: order.id }, data: { bookingStatus: "CANCELLED" } });
    const refused = await refusal(updateTravellers(order.id, asUser(owner), change));
    expect(refused).toMatchObject({
      code: "closed",
      message: "This booking is cancelled: its travellers can no longer be changed.",
    });
    expect(await bookingTravellers(order.id, asUser(owner))).toMatchObject({ canEdit: false, ended: "Cancelled" });
    // A pending booking whose hold ran out is expired even before the sweep writes it.
    await prisma.order.update({
      where: { id: order.id },
      data: { bookingStatus: "PENDING", holdExpiresAt: new Date(Date.now() - 60_000) },
    });
    expect((await refusal(updateTravellers(order.id, asUser(owner), change))).code).toBe("closed");
    expect((await stored(order.id))[0].name).toBeNull();
    const admin = await createUser({ role: "ADMIN" });
    await updateTravellers(order.id, asUser(admin, "ADMIN"), change);
    expect((await stored(order.id))[0].name).toBe("Rina Das");
  });

  it("lets what is still to follow stay blank, but never blanks what was given (issue 35 item 8)", async () => {
    const { owner, order, adult, child, date } = await familyBooking({ idRequired: true });
    // The names now, the ID numbers later.
    await updateTravellers(order.id, asUser(owner), [
      { id: adult.id, name: "Rina Das", idNumber: "" },
      { id: child.id, name: "", dateOfBirth: bornYearsBefore(date, 7) },
    ]);
    expect(await stored(order.id)).toEqual([
      { name: "Rina Das", dateOfBirth: null, idNumber: null },
      { name: null, dateOfBirth: new Date(`${bornYearsBefore(date, 7)}T00:00:00Z`), idNumber: null },
    ]);
    await updateTravellers(order.id, asUser(owner), [{ id: adult.id, idNumber: "1234567890" }]);
    const error = await refusal(updateTravellers(order.id, asUser(owner), [{ id: adult.id, name: " ", idNumber: "" }]));
    expect(error.errors.map((field) => field.path)).toEqual(["travellers[0].name", "travellers[0].idNumber"]);
    expect((await stored(order.id))[0]).toEqual({ name: "Rina Das", dateOfBirth: null, idNumber: "1234567890" });
  });

  it("names the traveller and field at fault (age at the travel date, ID required, unknown traveller) and saves nothing", async () => {
    const { owner, order, adult, child, date } = await familyBooking({ idRequired: true });
    const error = await refusal(
      updateTravellers(order.id, asUser(owner), [
        { id: adult.id, name: "Rina Das", dateOfBirth: "1990-05-01", idNumber: "1234567890" },
        { id: child.id, name: "Tuhin Das", dateOfBirth: bornYearsBefore(date, 12), idNumber: "12345" },
      ]),
    );
    expect(error.code).toBe("invalid");
    expect(error.errors.map((field) => field.path)).toEqual(["travellers[1].dateOfBirth", "travellers[1].idNumber"]);
    expect(error.errors[0].message).toMatch(/^Traveller 2: a Child must be 2 to 11 on .*; this date of birth makes them 12\.$/);
    expect(await stored(order.id)).toEqual([
      { name: null, dateOfBirth: null, idNumber: null },
      { name: null, dateOfBirth: null, idNumber: null },
    ]);

    const other = await familyBooking();
    const unknown = await refusal(
      updateTravellers(order.id, asUser(owner), [
        { id: other.adult.id, name: "Someone Else" },
        { id: adult.id, name: "Rina Das" },
        { id: adult.id, name: "Rina Das" },
      ]),
    );
    expect(unknown.errors.map((field) => field.path)).toEqual(["travellers[0]._id", "travellers[2]._id"]);
    expect((await stored(other.order.id))[0].name).toBeNull();
    expect((await stored(order.id))[0].name).toBeNull();
  });
});
