-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "offlineRefundOwedCents" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Order_offlineRefundOwedCents_idx" ON "Order"("offlineRefundOwedCents");
