// Reseller bookings for tests, written straight to the database as the OCTO API leaves a confirmed
// one: channel RESELLER, the reseller and its own reference, CONFIRMED, nothing paid on the site.
import { db } from "~/platform/db.server";
import { createUser, uniqueEmail } from "./auth";

export async function createTestReseller(name: string, commissionBasisPoints: number) {
  const prisma = await db();
  return prisma.reseller.create({ data: { name, email: uniqueEmail("reseller"), commissionBasisPoints } });
}

/** A booking sold by the reseller: its total, booking time and status as given. */
export async function resellerBooking(
  reseller: { id: string },
  {
    priceCents,
    createdAt = new Date(),
    status = "CONFIRMED",
    reference = null,
    userId,
  }: {
    priceCents: number;
    createdAt?: Date;
    status?: "PENDING" | "CONFIRMED" | "CANCELLED" | "COMPLETED" | "EXPIRED";
    reference?: string | null;
    userId?: string;
  },
) {
  const prisma = await db();
  const owner = userId ?? (await createUser({ email: uniqueEmail("resold") })).id;
  return prisma.order.create({
    data: {
      userId: owner,
      channel: "RESELLER",
      resellerId: reseller.id,
      resellerReference: reference,
      serviceTitle: "Sundarbans by boat",
      unitPriceCents: priceCents,
      quantity: 1,
      packageType: "city",
      priceCents,
      firstName: "Anika",
      lastName: "Rahman",
      streetAddress: "Agency desk",
      townName: "Dhaka",
      district: "Dhaka",
      mobileNumber: "01811111111",
      email: "anika@resold.example",
      bookingStatus: status,
      createdAt,
    },
  });
}
