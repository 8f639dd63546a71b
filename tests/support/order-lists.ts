// Many orders at once for the list tests: distinct names, emails, phones, prices, statuses,
// packages, travel dates and creation times (one minute apart, order 0 the oldest).
import { db } from "~/platform/db.server";
import { createUser, uniqueEmail } from "./auth";

export const FIRST_NAMES = ["Rina", "Karim", "Nusrat", "Tanvir", "Farzana"];
const STATUSES = ["PENDING", "CONFIRMED", "CANCELLED", "COMPLETED", "EXPIRED"] as const;
const PAYMENTS = ["UNPAID", "PAID", "PROCESSING", "FAILED"] as const;
export const BASE_TIME = Date.parse("2026-06-01T00:00:00Z");

export async function seedOrderList(count: number, now = new Date()) {
  const prisma = await db();
  const owner = await createUser({ email: uniqueEmail("many") });
  const other = await createUser({ email: uniqueEmail("other") });
  const packages = await Promise.all(
    ["Sajek", "Bandarban"].map((title) =>
      prisma.service.create({
        data: { title: `${title} list test`, costCents: 100_00, image: "/images/tours/bandarban.svg", description: "x" },
      }),
    ),
  );
  await prisma.order.createMany({
    data: Array.from({ length: count }, (_, index) => {
      const status = STATUSES[index % STATUSES.length];
      return {
        userId: index % 3 === 0 ? other.id : owner.id,
        serviceId: packages[index % 2].id,
        serviceTitle: packages[index % 2].title,
        unitPriceCents: 100_00,
        quantity: 1,
        packageType: "city" as const,
        // prices repeat (ties broken by the id)
        priceCents: 100_00 + (index % 7) * 1000,
        firstName: FIRST_NAMES[index % FIRST_NAMES.length],
        lastName: `Das${index}`,
        streetAddress: "Road 1",
        townName: "Dhaka",
        district: "Dhaka",
        mobileNumber: `0171${String(index).padStart(7, "0")}`,
        email: `customer${index}@list.example`,
        bookingStatus: status,
        paymentStatus: PAYMENTS[index % PAYMENTS.length],
        // every other pending booking's hold has run out: shown (and filtered) as expired
        holdExpiresAt: status === "PENDING" ? new Date(now.getTime() + (index % 2 === 0 ? -3_600_000 : 3_600_000)) : null,
        travelDate: new Date(Date.UTC(2026, 10 + (index % 3), 15)),
        createdAt: new Date(BASE_TIME + index * 60_000),
      };
    }),
  });
  const orders = await prisma.order.findMany({ where: { email: { endsWith: "@list.example" } }, orderBy: { createdAt: "asc" } });
  return { owner, other, packages, orders };
}
