// Idempotent seed: demo packages and reviews on a database that never had any, and the
// administrator account from ADMIN_EMAIL / ADMIN_PASSWORD.
import bcrypt from "bcryptjs";
import type { Env } from "~/config/env.server";
import { seedReviews, seedPackages } from "~/data/seed-data";
import type { PrismaClient } from "~/generated/prisma/client";

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
        })),
      });
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
