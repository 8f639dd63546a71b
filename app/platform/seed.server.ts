// The start-up seed: the demo (packages, reviews) on a database that never had any, when asked
// for (SEED_DEMO_DATA), and the first administrator on a database that never had one. What a
// database once had is remembered in its SystemFlag rows, so neither ever comes back: packages or
// reviews the agency removed, an administrator deleted or demoted (docs/operations.md).
import bcrypt from "bcryptjs";
import type { Prisma, PrismaClient } from "~/generated/prisma/client";
import { randomPassword, type Env } from "~/platform/env.server";
import { logger } from "~/platform/logger.server";
import { seedDepartures, seedIdRequired, seedPackages, seedPriceCategories, seedReviews } from "~/platform/seed-data";

type Flag = "demo-data" | "first-admin";
type Client = Prisma.TransactionClient;

async function hasFlag(prisma: Client, key: Flag): Promise<boolean> {
  return (await prisma.systemFlag.count({ where: { key } })) > 0;
}

async function setFlag(prisma: Client, key: Flag): Promise<void> {
  await prisma.systemFlag.createMany({ data: [{ key }], skipDuplicates: true });
}

export async function seedDatabase(prisma: PrismaClient, config: Env): Promise<void> {
  await seedDemoData(prisma, config);
  await ensureFirstAdmin(prisma, config);
}

async function seedDemoData(prisma: PrismaClient, config: Env): Promise<void> {
  if (await hasFlag(prisma, "demo-data")) return;
  // Counting soft-deleted packages too: the agency's own data, or a demo it deleted, stays as it is.
  const hadData = (await prisma.service.count()) > 0 || (await prisma.review.count()) > 0;
  if (!hadData && !config.SEED_DEMO_DATA) return;
  await prisma.$transaction(async (tx) => {
    if (!hadData) await seedDemo(tx, config);
    await setFlag(tx, "demo-data");
  });
}

async function seedDemo(prisma: Client, config: Env): Promise<void> {
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
  const reviewed = await prisma.service.findMany({
    where: { title: { in: seedReviews.map((review) => review.package) }, deletedAt: null },
    select: { id: true, title: true },
  });
  const idOf = new Map(reviewed.map((service) => [service.title, service.id]));
  await prisma.review.createMany({
    data: seedReviews.map(({ package: title, ...review }) => ({ ...review, serviceId: idOf.get(title) ?? null })),
  });
}

/**
 * The first administrator, once in a database's life: from ADMIN_EMAIL and ADMIN_PASSWORD, or with
 * a random password printed once to the log when ADMIN_PASSWORD is unset (env.server.ts). An
 * existing account is never promoted: its owner may be anyone (scripts/admin.mjs does it on purpose).
 */
async function ensureFirstAdmin(prisma: PrismaClient, config: Env): Promise<void> {
  if (await hasFlag(prisma, "first-admin")) return;
  const email = config.ADMIN_EMAIL.toLowerCase();
  const [admins, taken] = await Promise.all([
    prisma.user.count({ where: { role: "ADMIN" } }),
    prisma.user.count({ where: { email } }),
  ]);
  if (admins === 0 && taken > 0) {
    logger.warn(
      { email },
      "ADMIN_EMAIL is an existing account that is not an administrator: none made (docs/operations.md, npm run admin)",
    );
  }
  if (admins === 0 && taken === 0) {
    const password = config.ADMIN_PASSWORD ?? randomPassword();
    const hash = await bcrypt.hash(password, config.BCRYPT_COST);
    await prisma.$transaction(async (tx) => {
      await tx.user.create({ data: { email, displayName: "Administrator", role: "ADMIN", password: { create: { hash } } } });
      await setFlag(tx, "first-admin");
    });
    if (!config.ADMIN_PASSWORD) {
      // Shown this once, nowhere stored but as its hash: the operator signs in and changes it.
      logger.warn(
        { email },
        `first administrator created: ${email} with the random password ${password} (shown once: sign in and change it)`,
      );
    }
    return;
  }
  await setFlag(prisma, "first-admin");
}

/** Adult, Child and Infant prices for each demo package. */
async function seedDemoPriceCategories(prisma: Client): Promise<void> {
  const packages = await prisma.service.findMany({ select: { id: true, title: true, costCents: true } });
  const data = packages
    .filter((tourPackage) => seedPackages.some((seed) => seed.title === tourPackage.title))
    .flatMap(({ id, costCents }) => seedPriceCategories(costCents).map((category) => ({ ...category, serviceId: id })));
  await prisma.priceCategory.createMany({ data });
}

/** Each demo package's departures, dated from today. */
async function seedDemoDepartures(prisma: Client, seatsOverride: number | undefined): Promise<void> {
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
