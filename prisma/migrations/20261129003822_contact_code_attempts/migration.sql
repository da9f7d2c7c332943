-- AlterTable
ALTER TABLE "ContactVerification" ADD COLUMN     "emailFailedAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "phoneFailedAttempts" INTEGER NOT NULL DEFAULT 0;
