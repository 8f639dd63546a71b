-- DropIndex
DROP INDEX "Order_serviceId_idx";

-- CreateIndex
CREATE INDEX "Order_bookingStatus_createdAt_idx" ON "Order"("bookingStatus", "createdAt");

-- CreateIndex
CREATE INDEX "Order_paymentStatus_createdAt_idx" ON "Order"("paymentStatus", "createdAt");

-- CreateIndex
CREATE INDEX "Order_serviceId_createdAt_idx" ON "Order"("serviceId", "createdAt");

-- CreateIndex
CREATE INDEX "Order_travelDate_idx" ON "Order"("travelDate");

-- CreateIndex
CREATE INDEX "User_createdAt_id_idx" ON "User"("createdAt", "id");

-- Written by hand (Prisma's schema cannot describe expression or partial indexes; the schema's
-- comment on Order points here). The orders lists (app/data/order-lists.server.ts):
-- keyset paging of live orders by date and by price, the id breaking ties.
CREATE INDEX "Order_live_createdAt_id_idx" ON "Order"("createdAt", "id") WHERE "deletedAt" IS NULL;
CREATE INDEX "Order_live_priceCents_id_idx" ON "Order"("priceCents", "id") WHERE "deletedAt" IS NULL;
-- The search: a prefix (LIKE 'x%') of the email, the full name, the last name, the mobile number
-- or the order number, each served by a btree in text_pattern_ops (prefix matches whatever the
-- database's collation). No pg_trgm: the embedded database would need the extension loaded.
CREATE INDEX "Order_search_email_idx" ON "Order"(lower("email") text_pattern_ops);
CREATE INDEX "Order_search_name_idx" ON "Order"(lower("firstName" || ' ' || "lastName") text_pattern_ops);
CREATE INDEX "Order_search_lastName_idx" ON "Order"(lower("lastName") text_pattern_ops);
CREATE INDEX "Order_search_mobileNumber_idx" ON "Order"("mobileNumber" text_pattern_ops);
CREATE INDEX "Order_search_id_idx" ON "Order"("id" text_pattern_ops);
