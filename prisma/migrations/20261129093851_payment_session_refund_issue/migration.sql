-- AlterTable
ALTER TABLE "PaymentSession" ADD COLUMN     "refundIssue" TEXT;
