import { describe, expect, it } from "vitest";
import { findByReference, manifestRows } from "~/booking/departures/manifest";
import { listManifestTravellers, revealIdNumbers, setCheckIn } from "~/booking/departures/manifest-store.server";
import { db } from "~/platform/db.server";
import { createUser } from "../../../tests/support/auth";
import { manifestFixture } from "../../../tests/support/manifest";

describe("a departure's manifest", () => {
  it("lists the travellers of its live bookings only, booking by booking, with ages at the travel date", async () => {
    const user = await createUser();
    const { departure, family, couple } = await manifestFixture(user.id);
    const rows = manifestRows(await listManifestTravellers(departure.id), departure.startDate);
    expect(rows).toHaveLength(6);
    const byOrder = (orderId: string) => rows.filter((row) => row.orderId === orderId).map((row) => row.name);
    expect(byOrder(family.id)).toEqual(["Rina Das", '=HYPERLINK("x")', "Mitu Das", null]);
    expect(byOrder(couple.id)).toEqual(["Karim Uddin", "Salma Uddin"]);
    const child = rows.find((row) => row.name === "Mitu Das")!;
    expect(child.age).toBe(8);
    expect(rows.find((row) => row.name === "Rina Das")).toMatchObject({ idMasked: "•••••••••6789", payment: "Paid" });
    expect(rows.find((row) => row.name === "Karim Uddin")).toMatchObject({ mobileNumber: "01898765432", payment: "Unpaid" });
    expect(findByReference(rows, couple.reference.slice(3, 6).toLowerCase()).map((row) => row.orderId)).toContain(couple.id);
  });

  it("check-in is one conditional statement: only a traveller of this departure's live bookings changes", async () => {
    const staff = await createUser({ role: "GUIDE" });
    const { departure, family, cancelled, elsewhere } = await manifestFixture(staff.id);
    const prisma = await db();
    const first = family.travellers[0];
    expect(await setCheckIn(departure.id, first.id, "YES", staff.id)).toBe(1);
    const saved = await prisma.traveller.findUniqueOrThrow({ where: { id: first.id } });
    expect(saved).toMatchObject({ checkIn: "YES", checkInById: staff.id });
    expect(saved.checkInAt).toBeInstanceOf(Date);
    expect(await setCheckIn(departure.id, family.travellers[1].id, "NO_SHOW", staff.id)).toBe(1);
    // Undo clears who and when.
    expect(await setCheckIn(departure.id, first.id, null, staff.id)).toBe(1);
    expect(await prisma.traveller.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      checkIn: null,
      checkInAt: null,
      checkInById: null,
    });
    // Another date's traveller, a cancelled booking's, an unknown id: nothing.
    expect(await setCheckIn(departure.id, elsewhere.travellers[0].id, "YES", staff.id)).toBe(0);
    expect(await setCheckIn(departure.id, cancelled.travellers[0].id, "YES", staff.id)).toBe(0);
    expect(await setCheckIn(departure.id, "no-such-traveller", "YES", staff.id)).toBe(0);
    expect(
      await prisma.traveller.count({
        where: { id: { in: [elsewhere.travellers[0].id, cancelled.travellers[0].id] }, checkIn: { not: null } },
      }),
    ).toBe(0);
  });

  it("reveals a whole ID number only for this departure's travellers, each reveal recorded", async () => {
    const staff = await createUser({ role: "GUIDE" });
    const { departure, family, elsewhere } = await manifestFixture(staff.id);
    const prisma = await db();
    const [withId, , withoutId] = family.travellers;
    const revealed = await revealIdNumbers(departure.id, [withId.id, withoutId.id, elsewhere.travellers[0].id], staff.id);
    expect([...revealed]).toEqual([[withId.id, "1990123456789"]]);
    await revealIdNumbers(departure.id, [withId.id], staff.id);
    expect(await prisma.idNumberReveal.count({ where: { travellerId: withId.id, byUserId: staff.id } })).toBe(2);
    expect(
      await prisma.idNumberReveal.count({ where: { travellerId: { in: [withoutId.id, elsewhere.travellers[0].id] } } }),
    ).toBe(0);
  });
});
