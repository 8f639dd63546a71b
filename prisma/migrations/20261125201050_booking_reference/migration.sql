-- Written by hand: every order gets a reference a person can read out ("TB-7K3P9Q",
-- app/domain/booking-reference.ts: "TB-" and 6 symbols of an alphabet without 0/O/1/I/L).

-- A number below 31^6 written as a reference.
CREATE FUNCTION booking_reference(n bigint) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT 'TB-'
    || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (n / 28629151 % 31)::int, 1)
    || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (n / 923521 % 31)::int, 1)
    || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (n / 29791 % 31)::int, 1)
    || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (n / 961 % 31)::int, 1)
    || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (n / 31 % 31)::int, 1)
    || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (n % 31)::int, 1)
$$;

-- The existing orders, in the one rewrite of the table that adding the column makes: consecutive
-- numbers from a random start, times a number prime to 31^6 (887,503,681), modulo 31^6, are all
-- different, so the unique index below cannot fail, and they do not read as a sequence.
CREATE SEQUENCE "Order_reference_backfill";
SELECT setval('"Order_reference_backfill"', 1 + floor(random() * 887503680)::bigint);
ALTER TABLE "Order" ADD COLUMN "reference" TEXT NOT NULL
  DEFAULT booking_reference(nextval('"Order_reference_backfill"') * 387420489 % 887503681);

-- New orders: the app draws the reference and draws again if it is taken; this default serves an
-- insert that gives none (an instance of the previous version during a deploy, test fixtures).
ALTER TABLE "Order" ALTER COLUMN "reference" SET DEFAULT booking_reference(floor(random() * 887503681)::bigint);
DROP SEQUENCE "Order_reference_backfill";

-- CreateIndex
CREATE UNIQUE INDEX "Order_reference_key" ON "Order"("reference");

-- The orders lists' search by a reference's start (LIKE 'TB-7K%'), whatever the collation.
CREATE INDEX "Order_search_reference_idx" ON "Order"("reference" text_pattern_ops);
