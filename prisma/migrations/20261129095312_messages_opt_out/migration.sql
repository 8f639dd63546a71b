-- AlterTable
ALTER TABLE "User" ADD COLUMN     "messagesOptOut" BOOLEAN NOT NULL DEFAULT false;
