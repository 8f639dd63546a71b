-- One bKash/Nagad transaction id is one payment whatever method it was filed under; another
-- customer's claim of an id is taken for review (flagged), no longer refused.
ALTER TABLE "Payment" ADD COLUMN     "mobileTrxKey" TEXT;

-- Existing payments: the first of each id keeps it (a duplicate across methods recorded before stays, unkeyed).
UPDATE "Payment" AS p SET "mobileTrxKey" = UPPER(REGEXP_REPLACE(p."reference", '\s', '', 'g'))
WHERE p."method" IN ('BKASH', 'NAGAD') AND p."reference" IS NOT NULL
  AND p."id" = (
    SELECT MIN(q."id") FROM "Payment" AS q
    WHERE q."method" IN ('BKASH', 'NAGAD')
      AND UPPER(REGEXP_REPLACE(q."reference", '\s', '', 'g')) = UPPER(REGEXP_REPLACE(p."reference", '\s', '', 'g'))
  );

CREATE UNIQUE INDEX "Payment_mobileTrxKey_key" ON "Payment"("mobileTrxKey");

ALTER TABLE "PaymentClaim" ADD COLUMN     "trxKey" TEXT;
UPDATE "PaymentClaim" SET "trxKey" = UPPER(REGEXP_REPLACE("reference", '\s', '', 'g'));
ALTER TABLE "PaymentClaim" ALTER COLUMN "trxKey" SET NOT NULL;
ALTER TABLE "PaymentClaim" ADD COLUMN     "remindedAt" TIMESTAMP(3);

DROP INDEX "PaymentClaim_method_reference_key";
CREATE INDEX "PaymentClaim_trxKey_idx" ON "PaymentClaim"("trxKey");
