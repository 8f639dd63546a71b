-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "resellerContactNotes" TEXT;

-- AlterTable
ALTER TABLE "Traveller" ADD COLUMN     "resellerReference" TEXT;
