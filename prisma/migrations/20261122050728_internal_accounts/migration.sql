-- CreateEnum
CREATE TYPE "InternalAccountType" AS ENUM ('INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET');

-- CreateEnum
CREATE TYPE "InternalAccountStatus" AS ENUM ('PENDING', 'ACTIVE', 'CLOSED', 'FROZEN');

-- CreateTable
CREATE TABLE "InternalAccount" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID,
    "platformCurrency" TEXT,
    "type" "InternalAccountType" NOT NULL,
    "currency" TEXT NOT NULL,
    "status" "InternalAccountStatus" NOT NULL,
    "privateEnabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "InternalAccount_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "InternalAccount_platformId_createdAt_id_idx" ON "InternalAccount"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "InternalAccount_platformId_customerId_createdAt_id_idx" ON "InternalAccount"("platformId", "customerId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "InternalAccount_platformId_customerId_type_currency_key" ON "InternalAccount"("platformId", "customerId", "type", "currency");

-- CreateIndex
CREATE UNIQUE INDEX "InternalAccount_platformId_platformCurrency_key" ON "InternalAccount"("platformId", "platformCurrency");

-- AddForeignKey
ALTER TABLE "InternalAccount" ADD CONSTRAINT "InternalAccount_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;
