-- The reminder for travellers' details still to follow, sent once before the cutoff.
ALTER TABLE "Order" ADD COLUMN "travellersReminderSentAt" TIMESTAMP(3);
