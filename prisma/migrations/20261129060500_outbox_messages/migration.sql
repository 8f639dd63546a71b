-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "orderId" TEXT,
    "to" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "subject" TEXT,
    "template" TEXT,
    "params" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "providerId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "notBefore" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" TIMESTAMP(3),
    "dedupeKey" TEXT,
    "outboxEmailId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMessage_dedupeKey_key" ON "OutboxMessage"("dedupeKey");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMessage_outboxEmailId_key" ON "OutboxMessage"("outboxEmailId");

-- CreateIndex
CREATE INDEX "OutboxMessage_status_notBefore_idx" ON "OutboxMessage"("status", "notBefore");

-- CreateIndex
CREATE INDEX "OutboxMessage_orderId_createdAt_idx" ON "OutboxMessage"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_providerId_idx" ON "OutboxMessage"("providerId");

