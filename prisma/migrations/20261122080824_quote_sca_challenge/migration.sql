-- AlterTable
ALTER TABLE "Quote" ADD COLUMN     "scaChallenge" JSONB;
