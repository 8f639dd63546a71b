-- CreateEnum
CREATE TYPE "SalesChannel" AS ENUM ('WEBSITE', 'RESELLER');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "channel" "SalesChannel" NOT NULL DEFAULT 'WEBSITE',
ADD COLUMN     "octoUuid" TEXT,
ADD COLUMN     "resellerId" TEXT,
ADD COLUMN     "resellerReference" TEXT;

-- CreateTable
CREATE TABLE "Reseller" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "commissionBasisPoints" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Reseller_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ResellerKey" (
    "id" TEXT NOT NULL,
    "resellerId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ResellerKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Reseller_createdAt_idx" ON "Reseller"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "ResellerKey_hash_key" ON "ResellerKey"("hash");

-- CreateIndex
CREATE INDEX "ResellerKey_resellerId_createdAt_idx" ON "ResellerKey"("resellerId", "createdAt");

-- CreateIndex
CREATE INDEX "Order_resellerId_createdAt_idx" ON "Order"("resellerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Order_resellerId_octoUuid_key" ON "Order"("resellerId", "octoUuid");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "Reseller"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResellerKey" ADD CONSTRAINT "ResellerKey_resellerId_fkey" FOREIGN KEY ("resellerId") REFERENCES "Reseller"("id") ON DELETE CASCADE ON UPDATE CASCADE;
