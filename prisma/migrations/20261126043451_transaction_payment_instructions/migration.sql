-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "paymentInstructions" JSONB;
