-- AlterTable
ALTER TABLE "User" ADD COLUMN     "phone" TEXT;

-- AlterTable
ALTER TABLE "Departure" ADD COLUMN     "guideId" TEXT;

-- CreateIndex
CREATE INDEX "Departure_guideId_startDate_idx" ON "Departure"("guideId", "startDate");

-- AddForeignKey
ALTER TABLE "Departure" ADD CONSTRAINT "Departure_guideId_fkey" FOREIGN KEY ("guideId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
