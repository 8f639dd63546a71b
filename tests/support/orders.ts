// Valid checkout details and orders for tests.
import { randomBytes } from "node:crypto";
import { placeBooking } from "~/booking/placing/booking-placement.server";
import { checkoutSchema } from "~/booking/placing/checkout";
import { db } from "~/platform/db.server";

/** The billing fields of a valid checkout (docs/spec.md §5): a Dhaka address and a Bangladeshi mobile number. */
export const billing = {
  firstName: "Rina",
  lastName: "Das",
  streetAddress: "House 4, Road 2",
  townName: "Dhanmondi",
  district: "Dhaka" as const,
  mobileNumber: "01712345678",
  email: "rina@example.com",
};

export async function firstPackage() {
  const prisma = await db();
  return prisma.service.findFirstOrThrow({ where: { deletedAt: null }, orderBy: { createdAt: "asc" } });
}

/** The origin the emails' links are made with in tests: PUBLIC_URL's default (http://localhost:PORT). */
export const TEST_ORIGIN = "http://localhost:3000";

/** The open future departure of the package with the most seats left (the seed gives every demo package some). */
export async function openDepartureOf(packageId: string) {
  const prisma = await db();
  const departures = await prisma.departure.findMany({
    where: { serviceId: packageId, status: "OPEN", startDate: { gt: new Date() } },
  });
  const best = departures.sort((a, b) => b.seats - b.seatsTaken - (a.seats - a.seatsTaken))[0];
  if (!best) throw new Error("This package has no open departure.");
  return best;
}

/** A checkout form for the package, as the server parses it; each call gets its own form key. */
export function checkoutFor(packageId: string, overrides: Record<string, string> = {}) {
  return checkoutSchema.parse({
    ...billing,
    service: packageId,
    quantity: "3",
    type: "group",
    formKey: `test-${randomBytes(8).toString("hex")}`,
    ...overrides,
  });
}

/** The same, on the package's departure with the most seats left. */
export async function bookingFor(packageId: string, overrides: Record<string, string> = {}) {
  return checkoutFor(packageId, { departure: (await openDepartureOf(packageId)).id, ...overrides });
}

/** An order of the first package (on one of its departures) placed through the domain code, with its stored row. */
export async function placeTestOrder(userId: string, overrides: Record<string, string> = {}) {
  const { id } = await placeBooking(userId, await bookingFor((await firstPackage()).id, overrides));
  const prisma = await db();
  return prisma.order.findUniqueOrThrow({ where: { id } });
}

/** An unpaid order row for the owner, written straight to the database (a fixture, not a checkout). */
export async function insertBooking(
  owner: { id: string; email: string },
  tourPackage: { id: string; title: string; costCents: number },
) {
  const prisma = await db();
  return prisma.order.create({
    data: {
      userId: owner.id,
      serviceId: tourPackage.id,
      serviceTitle: tourPackage.title,
      unitPriceCents: tourPackage.costCents,
      quantity: 1,
      packageType: "city",
      priceCents: tourPackage.costCents,
      firstName: "Rina",
      lastName: "Das",
      streetAddress: "Road 1",
      townName: "Dhaka",
      district: "Dhaka",
      mobileNumber: "01712345678",
      email: owner.email,
    },
  });
}
