// A booking's travellers as stored (one row per person, with their category's snapshot): read for
// the booking page and the API, and their names, dates of birth and ID numbers written in one
// transaction. Who may do either is app/booking/travellers/traveller-edit.server.ts's rule.
import { db } from "~/platform/db.server";

const travellerSelect = {
  id: true,
  position: true,
  categoryId: true,
  categoryName: true,
  categoryType: true,
  priceCents: true,
  takesSeat: true,
  minAge: true,
  maxAge: true,
  name: true,
  dateOfBirth: true,
  idNumber: true,
  idErasedAt: true,
} as const;

/** A live booking (of this owner, when one is given) with its travellers in order and what their rules need. */
export async function findBookingTravellers(orderId: string, ownerId: string | undefined) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { id: orderId, deletedAt: null, ...(ownerId ? { userId: ownerId } : {}) },
    select: {
      id: true,
      userId: true,
      travelDate: true,
      bookingStatus: true,
      holdExpiresAt: true,
      service: { select: { idRequired: true } },
      travellers: { orderBy: { position: "asc" }, select: travellerSelect },
    },
  });
}

export type StoredTraveller = NonNullable<Awaited<ReturnType<typeof findBookingTravellers>>>["travellers"][number];

class TravellerGone extends Error {}

/**
 * Writes each traveller's name, date of birth and ID number, all of them or none (one transaction);
 * false when one of them is no longer the booking's. A failure is rethrown without the database's
 * message, which could quote an ID number to the logs.
 */
export async function saveTravellers(
  orderId: string,
  travellers: { id: string; name: string | null; dateOfBirth: string | null; idNumber: string | null }[],
): Promise<boolean> {
  const prisma = await db();
  try {
    await prisma.$transaction(async (tx) => {
      for (const traveller of travellers) {
        const { count } = await tx.traveller.updateMany({
          where: { id: traveller.id, orderId },
          data: {
            name: traveller.name,
            dateOfBirth: traveller.dateOfBirth === null ? null : new Date(`${traveller.dateOfBirth}T00:00:00Z`),
            idNumber: traveller.idNumber,
          },
        });
        if (count !== 1) throw new TravellerGone();
      }
    });
    return true;
  } catch (error) {
    if (error instanceof TravellerGone) return false;
    // The database's own message may quote the values written (ID numbers): never let it reach a log.
    const code = error && typeof error === "object" && "code" in error ? ` (${String(error.code)})` : "";
    throw new Error(`Saving the travellers of order ${orderId} failed${code}.`);
  }
}
