-- CreateTable
CREATE TABLE "StablecoinProviderAccount" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "providerAccountId" TEXT NOT NULL,
    "providerEnvironment" TEXT NOT NULL,
    "apiClientId" TEXT NOT NULL,
    "apiClientSecretHash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "providerUnavailable" BOOLEAN NOT NULL DEFAULT false,
    "lastVerifiedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StablecoinProviderAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Stablecoin" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "providerAccountId" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "providerEnvironment" TEXT NOT NULL,
    "providerTokenIdentifier" TEXT NOT NULL,
    "networkTokenIdentifier" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "baseCurrency" TEXT NOT NULL,
    "decimals" INTEGER NOT NULL,
    "issuanceStatus" TEXT NOT NULL,
    "serviceOperationsStatus" TEXT NOT NULL,
    "currency" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Stablecoin_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StablecoinOperation" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "stablecoinId" UUID NOT NULL,
    "providerAccountId" UUID NOT NULL,
    "operationType" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount" TEXT NOT NULL,
    "fiatAmount" BIGINT NOT NULL,
    "fiatCurrency" TEXT NOT NULL,
    "source" JSONB NOT NULL,
    "destination" JSONB NOT NULL,
    "fundingInstructions" JSONB,
    "estimatedDelivery" JSONB,
    "expiresAt" TIMESTAMPTZ(3),
    "providerStatus" TEXT,
    "failureReason" TEXT,
    "description" TEXT,
    "sandboxFailure" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StablecoinOperation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "StablecoinProviderAccount_platformId_createdAt_id_idx" ON "StablecoinProviderAccount"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Stablecoin_platformId_createdAt_id_idx" ON "Stablecoin"("platformId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Stablecoin_platformId_providerTokenIdentifier_key" ON "Stablecoin"("platformId", "providerTokenIdentifier");

-- CreateIndex
CREATE INDEX "StablecoinOperation_platformId_stablecoinId_createdAt_id_idx" ON "StablecoinOperation"("platformId", "stablecoinId", "createdAt", "id");
