-- AlterTable
ALTER TABLE "Reseller" ADD COLUMN     "maxHeldSeats" INTEGER NOT NULL DEFAULT 100,
ADD COLUMN     "maxHeldSeatsPerDeparture" INTEGER NOT NULL DEFAULT 20;
