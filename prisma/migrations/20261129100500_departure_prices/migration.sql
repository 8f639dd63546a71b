-- AlterTable
ALTER TABLE "Departure" ADD COLUMN     "pricePercent" INTEGER,
ADD COLUMN     "prices" JSONB;

-- CreateTable
CREATE TABLE "DeparturePriceChange" (
    "id" TEXT NOT NULL,
    "departureId" TEXT NOT NULL,
    "userId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fromPrices" JSONB NOT NULL,
    "toPrices" JSONB NOT NULL,

    CONSTRAINT "DeparturePriceChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DeparturePriceChange_departureId_createdAt_idx" ON "DeparturePriceChange"("departureId", "createdAt");

-- AddForeignKey
ALTER TABLE "DeparturePriceChange" ADD CONSTRAINT "DeparturePriceChange_departureId_fkey" FOREIGN KEY ("departureId") REFERENCES "Departure"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeparturePriceChange" ADD CONSTRAINT "DeparturePriceChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
