// A departure with travellers for the manifest and check-in tests, written straight to the database
// (Traveller rows made with Prisma until the checkout writes them): two live bookings, a cancelled
// one and one on another date, which the manifest must leave out.
import { db } from "~/platform/db.server";
import { createPackage, inDays } from "./bookings";

type TravellerSeed = {
  name: string | null;
  categoryName: string;
  categoryType: "ADULT" | "CHILD" | "INFANT";
  takesSeat?: boolean;
  dateOfBirth?: string;
  idNumber?: string;
};

async function booking(
  userId: string,
  departure: { id: string; serviceId: string; startDate: Date },
  travellers: TravellerSeed[],
  status: {
    bookingStatus?: "PENDING" | "CONFIRMED" | "CANCELLED";
    paymentStatus?: "UNPAID" | "PAID";
    mobileNumber?: string;
  } = {},
) {
  const prisma = await db();
  return prisma.order.create({
    data: {
      userId,
      serviceId: departure.serviceId,
      serviceTitle: "Manifest tour",
      unitPriceCents: 10000,
      quantity: travellers.filter((traveller) => traveller.takesSeat !== false).length,
      packageType: "group",
      priceCents: 10000 * travellers.length,
      firstName: "Rina",
      lastName: "Das",
      streetAddress: "House 4, Road 2",
      townName: "Dhanmondi",
      district: "Dhaka",
      mobileNumber: status.mobileNumber ?? "01712345678",
      email: "rina@example.com",
      departureId: departure.id,
      travelDate: departure.startDate,
      bookingStatus: status.bookingStatus ?? "CONFIRMED",
      paymentStatus: status.paymentStatus ?? "PAID",
      travellers: {
        create: travellers.map((traveller, position) => ({
          position,
          categoryName: traveller.categoryName,
          categoryType: traveller.categoryType,
          priceCents: traveller.categoryType === "INFANT" ? 0 : 10000,
          takesSeat: traveller.takesSeat ?? true,
          name: traveller.name,
          dateOfBirth: traveller.dateOfBirth ? new Date(traveller.dateOfBirth) : null,
          idNumber: traveller.idNumber ?? null,
        })),
      },
    },
    include: { travellers: { orderBy: { position: "asc" } } },
  });
}

/** A departure in 10 days with a family booking (2 adults with ID numbers, a child of 8, an infant) and a couple's. */
export async function manifestFixture(userId: string) {
  const prisma = await db();
  const tourPackage = await createPackage(10000);
  const date = inDays(10);
  const departure = await prisma.departure.create({
    data: { serviceId: tourPackage.id, startDate: new Date(date), seats: 20, seatsTaken: 6 },
  });
  const other = await prisma.departure.create({
    data: { serviceId: tourPackage.id, startDate: new Date(inDays(11)), seats: 20, seatsTaken: 1 },
  });
  const [year] = date.split("-").map(Number);
  const childBirth = `${year - 8}-01-01`;
  const family = await booking(userId, departure, [
    { name: "Rina Das", categoryName: "Adult", categoryType: "ADULT", idNumber: "1990123456789", dateOfBirth: "1990-03-04" },
    { name: '=HYPERLINK("x")', categoryName: "Adult", categoryType: "ADULT", idNumber: "AB1234567" },
    { name: "Mitu Das", categoryName: "Child", categoryType: "CHILD", dateOfBirth: childBirth },
    { name: null, categoryName: "Infant", categoryType: "INFANT", takesSeat: false },
  ]);
  const couple = await booking(
    userId,
    departure,
    [
      { name: "Karim Uddin", categoryName: "Adult", categoryType: "ADULT" },
      { name: "Salma Uddin", categoryName: "Adult", categoryType: "ADULT" },
    ],
    { bookingStatus: "PENDING", paymentStatus: "UNPAID", mobileNumber: "01898765432" },
  );
  const cancelled = await booking(userId, departure, [{ name: "Gone Away", categoryName: "Adult", categoryType: "ADULT" }], {
    bookingStatus: "CANCELLED",
  });
  const elsewhere = await booking(userId, other, [{ name: "Other Day", categoryName: "Adult", categoryType: "ADULT" }]);
  return { tourPackage, departure, other, family, couple, cancelled, elsewhere };
}
