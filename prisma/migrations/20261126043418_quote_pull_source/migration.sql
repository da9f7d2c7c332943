-- AlterTable
ALTER TABLE "Quote" ADD COLUMN     "sourceAccountKind" TEXT;

-- Every ACCOUNT source before this migration was an internal account.
UPDATE "Quote" SET "sourceAccountKind" = 'INTERNAL' WHERE "sourceType" = 'ACCOUNT';
