-- AlterTable
ALTER TABLE "ContactMessage" ADD COLUMN     "handledAt" TIMESTAMP(3),
ADD COLUMN     "handledById" TEXT,
ADD COLUMN     "readAt" TIMESTAMP(3);

-- AlterTable
-- Written by hand: the subscribers of before double opt-in count as confirmed, each with a token of its own.
ALTER TABLE "NewsletterSubscriber" ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "token" TEXT,
ADD COLUMN     "unsubscribedAt" TIMESTAMP(3);
UPDATE "NewsletterSubscriber" SET "token" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), "confirmedAt" = "createdAt";
ALTER TABLE "NewsletterSubscriber" ALTER COLUMN "token" SET NOT NULL;

-- CreateIndex
CREATE INDEX "ContactMessage_createdAt_idx" ON "ContactMessage"("createdAt");

-- CreateIndex
CREATE INDEX "ContactMessage_handledAt_createdAt_idx" ON "ContactMessage"("handledAt", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "NewsletterSubscriber_token_key" ON "NewsletterSubscriber"("token");

-- CreateIndex
CREATE INDEX "NewsletterSubscriber_confirmedAt_createdAt_idx" ON "NewsletterSubscriber"("confirmedAt", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_created_idx" ON "Payment"("created");

-- CreateIndex
CREATE INDEX "Refund_createdAt_idx" ON "Refund"("createdAt");
