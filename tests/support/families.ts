// A package sold per category (Adult, Child 2–11, Infant under 2 on a lap) with a departure, made
// with Prisma directly, and the travellers of a family booking it.
import { db } from "~/platform/db.server";

export async function familyPackage({
  seats = 10,
  date = "2030-12-14",
  idRequired = false,
  title = "Saint Martin's Family Trip",
}: { seats?: number; date?: string; idRequired?: boolean; title?: string } = {}) {
  const prisma = await db();
  const tourPackage = await prisma.service.create({
    data: {
      title,
      costCents: 100_00,
      image: "/images/tours/saint-martin.svg",
      description: "Sea, sand and coconuts.",
      idRequired,
      priceCategories: {
        create: [
          { position: 0, name: "Adult", type: "ADULT", priceCents: 100_00, minAge: 12, takesSeat: true },
          { position: 1, name: "Child", type: "CHILD", priceCents: 60_00, minAge: 2, maxAge: 11, takesSeat: true },
          { position: 2, name: "Infant", type: "INFANT", priceCents: 0, minAge: 0, maxAge: 1, takesSeat: false },
        ],
      },
    },
    include: { priceCategories: { orderBy: { position: "asc" } } },
  });
  const departure = await prisma.departure.create({ data: { serviceId: tourPackage.id, startDate: new Date(date), seats } });
  const [adult, child, infant] = tourPackage.priceCategories;
  return { tourPackage, departure, adult, child, infant };
}

/** Two adults, a child of 6 or 7 and an infant under 2 on the travel date (YYYY-MM-DD; 14 Dec 2030 unless given). */
export function familyTravellers(
  categories: { adult: { id: string }; child: { id: string }; infant: { id: string } },
  travelDate = "2030-12-14",
) {
  const year = Number(travelDate.slice(0, 4));
  return [
    { category: categories.adult.id, name: "Rina Das", dateOfBirth: "1990-03-02" },
    { category: categories.adult.id, name: "Karim Das", dateOfBirth: "1988-07-19" },
    { category: categories.child.id, name: "Mitu Das", dateOfBirth: `${year - 7}-05-01` },
    { category: categories.infant.id, name: "Tuni Das", dateOfBirth: `${year - 1}-08-10` },
  ];
}
