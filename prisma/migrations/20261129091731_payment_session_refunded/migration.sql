-- AlterEnum
ALTER TYPE "PaymentSessionStatus" ADD VALUE 'REFUNDED';
