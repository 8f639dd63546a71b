-- DropIndex
DROP INDEX "Review_serviceId_idx";

-- CreateIndex
CREATE INDEX "Service_deletedAt_costCents_idx" ON "Service"("deletedAt", "costCents");

-- CreateIndex
CREATE INDEX "Service_deletedAt_destination_idx" ON "Service"("deletedAt", "destination");

-- CreateIndex
CREATE INDEX "Departure_serviceId_status_startDate_idx" ON "Departure"("serviceId", "status", "startDate");

-- CreateIndex
CREATE INDEX "Review_serviceId_rating_idx" ON "Review"("serviceId", "rating");
