-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "discountCents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "promoCodeId" TEXT,
ADD COLUMN     "promoReleasedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "PromoCode" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "percentOff" INTEGER,
    "amountOffCents" INTEGER,
    "validFrom" DATE NOT NULL,
    "validUntil" DATE NOT NULL,
    "travelFrom" DATE,
    "travelUntil" DATE,
    "maxRedemptions" INTEGER,
    "maxPerCustomer" INTEGER,
    "packageIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "minTravellers" INTEGER,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "redemptions" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PromoCode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PromoCode_code_key" ON "PromoCode"("code");

-- CreateIndex
CREATE INDEX "Order_promoCodeId_userId_idx" ON "Order"("promoCodeId", "userId");

-- AddForeignKey
ALTER TABLE "Order" ADD CONSTRAINT "Order_promoCodeId_fkey" FOREIGN KEY ("promoCodeId") REFERENCES "PromoCode"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The counter never goes below zero nor one code both percent and amount off (the app checks both too).
ALTER TABLE "PromoCode" ADD CONSTRAINT "PromoCode_redemptions_check" CHECK ("redemptions" >= 0);
ALTER TABLE "PromoCode" ADD CONSTRAINT "PromoCode_discount_check" CHECK (("percentOff" IS NULL) <> ("amountOffCents" IS NULL));
