-- AlterTable
ALTER TABLE "WalletOtpChallenge" ADD COLUMN     "failedAttempts" INTEGER NOT NULL DEFAULT 0;
