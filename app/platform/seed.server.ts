// Idempotent seed: demo packages and reviews on a database that never had any, and the
// administrator account from ADMIN_EMAIL / ADMIN_PASSWORD.
import bcrypt from "bcryptjs";
import type { PrismaClient } from "~/generated/prisma/client";
import type { Env } from "~/platform/env.server";
import { seedDepartures, seedIdRequired, seedPackages, seedPriceCategories, seedReviews } from "~/platform/seed-data";

export async function seedDatabase(prisma: PrismaClient, config: Env): Promise<void> {
  if (config.SEED_DEMO_DATA) {
    // Counting soft-deleted packages too: an agency that deleted the demo packages keeps them deleted.
    if ((await prisma.service.count()) === 0) {
      await prisma.service.createMany({
        data: seedPackages.map((service) => ({
          ...service,
          itinerary: service.itinerary.map((day) => ({ ...day })),
          included: [...service.included],
          excluded: [...service.excluded],
          gallery: [...service.gallery],
          idRequired: seedIdRequired.includes(service.title),
        })),
      });
      await seedDemoPriceCategories(prisma);
      await seedDemoDepartures(prisma, config.SEED_DEPARTURE_SEATS);
    }
    if ((await prisma.review.count()) === 0) {
      const reviewed = await prisma.service.findMany({
        where: { title: { in: seedReviews.map((review) => review.package) }, deletedAt: null },
        select: { id: true, title: true },
      });
      const idOf = new Map(reviewed.map((service) => [service.title, service.id]));
      await prisma.review.createMany({
        data: seedReviews.map(({ package: title, ...review }) => ({ ...review, serviceId: idOf.get(title) ?? null })),
      });
    }
  }
  await ensureAdmin(prisma, config);
}

/** Adult, Child and Infant prices for each demo package. */
async function seedDemoPriceCategories(prisma: PrismaClient): Promise<void> {
  const packages = await prisma.service.findMany({ select: { id: true, title: true, costCents: true } });
  const data = packages
    .filter((tourPackage) => seedPackages.some((seed) => seed.title === tourPackage.title))
    .flatMap(({ id, costCents }) => seedPriceCategories(costCents).map((category) => ({ ...category, serviceId: id })));
  await prisma.priceCategory.createMany({ data });
}

/** Each demo package's departures, dated from today. */
async function seedDemoDepartures(prisma: PrismaClient, seatsOverride: number | undefined): Promise<void> {
  const packages = await prisma.service.findMany({ select: { id: true, title: true } });
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const data = seedPackages.flatMap((seed, index) => {
    const serviceId = packages.find((tourPackage) => tourPackage.title === seed.title)?.id;
    if (!serviceId) return [];
    return seedDepartures(index).map(({ daysAhead, seats }) => ({
      serviceId,
      startDate: new Date(today.getTime() + daysAhead * 24 * 60 * 60 * 1000),
      seats: seatsOverride ?? seats,
    }));
  });
  await prisma.departure.createMany({ data });
}

async function ensureAdmin(prisma: PrismaClient, config: Env): Promise<void> {
  const email = config.ADMIN_EMAIL.toLowerCase();
  const existing = await prisma.user.findUnique({ where: { email }, select: { id: true, role: true, password: true } });
  if (existing) {
    // The account exists: keep its password (it may have been changed), make sure it is an admin.
    if (existing.role !== "ADMIN") await prisma.user.update({ where: { id: existing.id }, data: { role: "ADMIN" } });
    return;
  }
  const hash = await bcrypt.hash(config.ADMIN_PASSWORD, config.BCRYPT_COST);
  await prisma.user.upsert({
    where: { email },
    update: {},
    create: { email, displayName: "Administrator", role: "ADMIN", password: { create: { hash } } },
  });
}
