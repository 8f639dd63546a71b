// Travellers of a test booking, written straight to the database (until the checkout creates them):
// one row per person with their category's snapshot, names to follow unless given.
import { db } from "~/platform/db.server";

interface TravellerFixture {
  category?: "Adult" | "Child";
  name?: string | null;
  dateOfBirth?: string | null;
  idNumber?: string | null;
}

const CATEGORIES = {
  Adult: { categoryName: "Adult", categoryType: "ADULT", priceCents: 100_00, takesSeat: true, minAge: null, maxAge: null },
  Child: { categoryName: "Child", categoryType: "CHILD", priceCents: 60_00, takesSeat: true, minAge: 2, maxAge: 11 },
} as const;

/** Replaces the booking's travellers by these, in order; returns them as stored. */
export async function setTravellers(orderId: string, travellers: TravellerFixture[]) {
  const prisma = await db();
  await prisma.traveller.deleteMany({ where: { orderId } });
  await prisma.traveller.createMany({
    data: travellers.map((traveller, position) => ({
      orderId,
      position,
      ...CATEGORIES[traveller.category ?? "Adult"],
      name: traveller.name ?? null,
      dateOfBirth: traveller.dateOfBirth ? new Date(`${traveller.dateOfBirth}T00:00:00Z`) : null,
      idNumber: traveller.idNumber ?? null,
    })),
  });
  return prisma.traveller.findMany({ where: { orderId }, orderBy: { position: "asc" } });
}
