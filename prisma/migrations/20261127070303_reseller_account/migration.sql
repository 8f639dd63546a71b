-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "resellerNotes" TEXT;

-- AlterTable
ALTER TABLE "Traveller" ADD COLUMN     "resellerItemId" TEXT;

-- AlterTable
ALTER TABLE "Reseller" ADD COLUMN     "userId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Reseller_userId_key" ON "Reseller"("userId");

-- AddForeignKey
ALTER TABLE "Reseller" ADD CONSTRAINT "Reseller_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
