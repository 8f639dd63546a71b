-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "method" "PaymentMethod" NOT NULL DEFAULT 'CARD',
ADD COLUMN     "paymentId" TEXT,
ADD COLUMN     "reference" TEXT,
ALTER COLUMN "stripeRefundId" DROP NOT NULL;

-- The refunds made before this were of the order's one card payment.
UPDATE "Refund" SET "paymentId" = (
  SELECT "id" FROM "Payment"
  WHERE "Payment"."orderId" = "Refund"."orderId" AND "Payment"."method" = 'CARD'
  ORDER BY "created" ASC LIMIT 1
);

-- CreateIndex
CREATE INDEX "Refund_paymentId_idx" ON "Refund"("paymentId");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_method_reference_key" ON "Refund"("method", "reference");

-- AddForeignKey
ALTER TABLE "Refund" ADD CONSTRAINT "Refund_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "Payment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
