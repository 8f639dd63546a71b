-- CreateEnum
CREATE TYPE "PaymentSessionStatus" AS ENUM ('OPEN', 'PAID', 'REVIEW', 'FAILED', 'CANCELLED');

-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "provider" TEXT,
ADD COLUMN     "providerReference" TEXT;

-- CreateTable
CREATE TABLE "PaymentSession" (
    "id" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "part" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "amountBdt" INTEGER NOT NULL,
    "rate" DECIMAL(10,4) NOT NULL,
    "gatewayId" TEXT,
    "status" "PaymentSessionStatus" NOT NULL DEFAULT 'OPEN',
    "note" TEXT,
    "paymentId" TEXT,
    "providerReference" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PaymentSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PaymentSession_paymentId_key" ON "PaymentSession"("paymentId");

-- CreateIndex
CREATE INDEX "PaymentSession_orderId_idx" ON "PaymentSession"("orderId");

-- CreateIndex
CREATE INDEX "PaymentSession_status_createdAt_idx" ON "PaymentSession"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentSession_provider_gatewayId_key" ON "PaymentSession"("provider", "gatewayId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_provider_providerReference_key" ON "Payment"("provider", "providerReference");

-- AddForeignKey
ALTER TABLE "PaymentSession" ADD CONSTRAINT "PaymentSession_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentSession" ADD CONSTRAINT "PaymentSession_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- The card payments recorded so far went through Stripe: their intent id is their reference there.
UPDATE "Payment" SET "provider" = 'stripe', "providerReference" = "transaction"
WHERE "method" = 'CARD' AND "transaction" IS NOT NULL;
