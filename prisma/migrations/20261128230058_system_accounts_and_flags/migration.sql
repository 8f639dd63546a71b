-- AlterTable
ALTER TABLE "User" ADD COLUMN     "systemAccount" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "SystemFlag" (
    "key" TEXT NOT NULL,
    "setAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SystemFlag_pkey" PRIMARY KEY ("key")
);

-- A database that already served: its first administrator was made by an earlier start (never
-- again), and it had packages or reviews (the demo is never seeded into it again).
INSERT INTO "SystemFlag" ("key") SELECT 'first-admin' WHERE EXISTS (SELECT 1 FROM "User");
INSERT INTO "SystemFlag" ("key") SELECT 'demo-data'
  WHERE EXISTS (SELECT 1 FROM "Service") OR EXISTS (SELECT 1 FROM "Review");

-- Resellers' accounts are system accounts: no sign-in, no reset link, from now on.
UPDATE "User" SET "systemAccount" = true WHERE "id" IN (SELECT "userId" FROM "Reseller" WHERE "userId" IS NOT NULL);
DELETE FROM "Session" WHERE "userId" IN (SELECT "id" FROM "User" WHERE "systemAccount");
DELETE FROM "PasswordReset" WHERE "userId" IN (SELECT "id" FROM "User" WHERE "systemAccount");
DELETE FROM "Password" WHERE "userId" IN (SELECT "id" FROM "User" WHERE "systemAccount");
