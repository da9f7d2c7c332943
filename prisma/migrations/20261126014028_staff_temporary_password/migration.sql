-- AlterTable
ALTER TABLE "StaffUser" ADD COLUMN     "hasTemporaryPassword" BOOLEAN NOT NULL DEFAULT false;
