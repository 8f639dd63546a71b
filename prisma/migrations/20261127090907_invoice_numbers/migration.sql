-- CreateEnum
CREATE TYPE "DocumentKind" AS ENUM ('INVOICE', 'CREDIT_NOTE');

-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "invoiceNumber" TEXT,
ADD COLUMN     "invoicedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Refund" ADD COLUMN     "creditNoteNumber" TEXT;

-- CreateTable
CREATE TABLE "DocumentCounter" (
    "kind" "DocumentKind" NOT NULL,
    "year" INTEGER NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "DocumentCounter_pkey" PRIMARY KEY ("kind","year")
);

-- CreateIndex
CREATE UNIQUE INDEX "Order_invoiceNumber_key" ON "Order"("invoiceNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Refund_creditNoteNumber_key" ON "Refund"("creditNoteNumber");

-- Bookings paid and refunds made before numbering get their numbers now, in the order they
-- happened, per calendar year in Dhaka (UTC+6 all year: the stored times are UTC), and the
-- counters continue after them.
WITH "first" AS (
  SELECT "orderId", MIN("created") AS "at" FROM "Payment" GROUP BY "orderId"
), "numbered" AS (
  SELECT "orderId", "at", EXTRACT(YEAR FROM "at" + INTERVAL '6 hours')::int AS "year",
    ROW_NUMBER() OVER (PARTITION BY EXTRACT(YEAR FROM "at" + INTERVAL '6 hours') ORDER BY "at", "orderId") AS "n"
  FROM "first"
)
UPDATE "Order" SET "invoiceNumber" = 'INV-' || "year" || '-' || LPAD("n"::text, 6, '0'), "invoicedAt" = "at"
FROM "numbered" WHERE "Order"."id" = "numbered"."orderId";

WITH "numbered" AS (
  SELECT "id", EXTRACT(YEAR FROM "createdAt" + INTERVAL '6 hours')::int AS "year",
    ROW_NUMBER() OVER (PARTITION BY EXTRACT(YEAR FROM "createdAt" + INTERVAL '6 hours') ORDER BY "createdAt", "id") AS "n"
  FROM "Refund"
)
UPDATE "Refund" SET "creditNoteNumber" = 'CN-' || "year" || '-' || LPAD("n"::text, 6, '0')
FROM "numbered" WHERE "Refund"."id" = "numbered"."id";

INSERT INTO "DocumentCounter" ("kind", "year", "last")
SELECT 'INVOICE'::"DocumentKind", SUBSTRING("invoiceNumber" FROM 5 FOR 4)::int, COUNT(*) FROM "Order"
WHERE "invoiceNumber" IS NOT NULL GROUP BY 2
UNION ALL
SELECT 'CREDIT_NOTE'::"DocumentKind", SUBSTRING("creditNoteNumber" FROM 4 FOR 4)::int, COUNT(*) FROM "Refund"
WHERE "creditNoteNumber" IS NOT NULL GROUP BY 2;
