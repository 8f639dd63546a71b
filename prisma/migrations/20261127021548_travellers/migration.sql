-- Travellers (issue 26): price categories per package, one traveller row per person booked, a
-- guide role, check-in and the record of each ID number revealed. Generated with
-- scripts/migration-sql.sh, then the backfill at the end written by hand.

-- CreateEnum
CREATE TYPE "PriceCategoryType" AS ENUM ('ADULT', 'CHILD', 'INFANT', 'SENIOR', 'STUDENT', 'FAMILY', 'OTHER');

-- CreateEnum
CREATE TYPE "CheckIn" AS ENUM ('YES', 'NO_SHOW');

-- AlterEnum
ALTER TYPE "Role" ADD VALUE 'GUIDE';

-- AlterEnum
ALTER TYPE "UserAuditAction" ADD VALUE 'MAKE_GUIDE';
ALTER TYPE "UserAuditAction" ADD VALUE 'REVOKE_GUIDE';

-- AlterTable
ALTER TABLE "Service" ADD COLUMN     "idRequired" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "PriceCategory" (
    "id" TEXT NOT NULL,
    "serviceId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" "PriceCategoryType" NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "minAge" INTEGER,
    "maxAge" INTEGER,
    "takesSeat" BOOLEAN NOT NULL DEFAULT true,
    "minPerBooking" INTEGER NOT NULL DEFAULT 0,
    "maxPerBooking" INTEGER NOT NULL DEFAULT 20,

    CONSTRAINT "PriceCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Traveller" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "categoryId" TEXT,
    "categoryName" TEXT NOT NULL,
    "categoryType" "PriceCategoryType" NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "takesSeat" BOOLEAN NOT NULL,
    "minAge" INTEGER,
    "maxAge" INTEGER,
    "name" TEXT,
    "dateOfBirth" DATE,
    "idNumber" TEXT,
    "idErasedAt" TIMESTAMP(3),
    "checkIn" "CheckIn",
    "checkInAt" TIMESTAMP(3),
    "checkInById" TEXT,

    CONSTRAINT "Traveller_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IdNumberReveal" (
    "id" TEXT NOT NULL,
    "travellerId" TEXT NOT NULL,
    "byUserId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdNumberReveal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PriceCategory_serviceId_position_key" ON "PriceCategory"("serviceId", "position");

-- CreateIndex
CREATE INDEX "Traveller_categoryId_idx" ON "Traveller"("categoryId");

-- CreateIndex
CREATE UNIQUE INDEX "Traveller_orderId_position_key" ON "Traveller"("orderId", "position");

-- CreateIndex
CREATE INDEX "IdNumberReveal_travellerId_createdAt_idx" ON "IdNumberReveal"("travellerId", "createdAt");

-- AddForeignKey
ALTER TABLE "PriceCategory" ADD CONSTRAINT "PriceCategory_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Traveller" ADD CONSTRAINT "Traveller_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Traveller" ADD CONSTRAINT "Traveller_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "PriceCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdNumberReveal" ADD CONSTRAINT "IdNumberReveal_travellerId_fkey" FOREIGN KEY ("travellerId") REFERENCES "Traveller"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IdNumberReveal" ADD CONSTRAINT "IdNumberReveal_byUserId_fkey" FOREIGN KEY ("byUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing booking: one Adult traveller per person booked at its unit price, names to follow
-- (the customer completes them from the order page).
INSERT INTO "Traveller" ("id", "orderId", "position", "categoryName", "categoryType", "priceCents", "takesSeat")
SELECT 't' || md5(o."id" || ':' || g.n), o."id", g.n, 'Adult', 'ADULT', o."unitPriceCents", true
FROM "Order" o CROSS JOIN LATERAL generate_series(0, o."quantity" - 1) AS g(n);
