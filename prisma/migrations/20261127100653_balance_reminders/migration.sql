-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "balanceReminder1SentAt" TIMESTAMP(3),
ADD COLUMN     "balanceReminder7SentAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Order_bookingStatus_balanceDueDate_idx" ON "Order"("bookingStatus", "balanceDueDate");
