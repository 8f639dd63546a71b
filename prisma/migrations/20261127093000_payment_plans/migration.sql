-- CreateEnum
CREATE TYPE "PaymentKind" AS ENUM ('DEPOSIT', 'BALANCE', 'FULL');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('CARD', 'BKASH', 'NAGAD', 'BANK', 'CASH');

-- CreateEnum
CREATE TYPE "PaymentClaimStatus" AS ENUM ('PENDING', 'ACCEPTED', 'REJECTED');

-- AlterEnum
ALTER TYPE "PaymentStatus" ADD VALUE 'PARTLY_PAID';

-- DropIndex
DROP INDEX "Payment_orderId_key";

-- AlterTable
ALTER TABLE "Service" ADD COLUMN     "balanceDueDays" INTEGER NOT NULL DEFAULT 30,
ADD COLUMN     "depositPerTravellerCents" INTEGER,
ADD COLUMN     "depositPercent" INTEGER;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "balanceDueDate" DATE,
ADD COLUMN     "depositCents" INTEGER,
ADD COLUMN     "paidCents" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "claimId" TEXT,
ADD COLUMN     "kind" "PaymentKind" NOT NULL DEFAULT 'FULL',
ADD COLUMN     "method" "PaymentMethod" NOT NULL DEFAULT 'CARD',
ADD COLUMN     "recordedById" TEXT,
ADD COLUMN     "reference" TEXT,
ALTER COLUMN "last4" SET DEFAULT '',
ALTER COLUMN "transaction" DROP NOT NULL;

-- CreateTable
CREATE TABLE "PaymentClaim" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,
    "status" "PaymentClaimStatus" NOT NULL DEFAULT 'PENDING',
    "reason" TEXT,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PaymentClaim_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PaymentClaim_status_createdAt_idx" ON "PaymentClaim"("status", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentClaim_orderId_idx" ON "PaymentClaim"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentClaim_method_reference_key" ON "PaymentClaim"("method", "reference");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_claimId_key" ON "Payment"("claimId");

-- CreateIndex
CREATE INDEX "Payment_orderId_idx" ON "Payment"("orderId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_method_reference_key" ON "Payment"("method", "reference");

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_claimId_fkey" FOREIGN KEY ("claimId") REFERENCES "PaymentClaim"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentClaim" ADD CONSTRAINT "PaymentClaim_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Every existing payment was one card payment of the whole order (kind FULL, method CARD by the
-- defaults above): its order has paid that much.
UPDATE "Order" AS o SET "paidCents" = p."amountCents" FROM "Payment" AS p WHERE p."orderId" = o."id";
