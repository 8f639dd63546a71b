-- AlterTable
ALTER TABLE "OutboxEmail" ADD COLUMN     "claimedUntil" TIMESTAMP(3);
