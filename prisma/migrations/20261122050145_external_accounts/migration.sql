-- CreateEnum
CREATE TYPE "ExternalAccountStatus" AS ENUM ('PENDING', 'ACTIVE', 'PENDING_OWNERSHIP_VERIFICATION', 'UNVERIFIED', 'UNDER_REVIEW', 'INACTIVE');

-- CreateEnum
CREATE TYPE "OwnershipChallengeStatus" AS ENUM ('OUTSTANDING', 'SUCCEEDED', 'FAILED', 'EXPIRED', 'ABANDONED');

-- CreateTable
CREATE TABLE "ExternalAccount" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID,
    "currency" TEXT NOT NULL,
    "accountType" TEXT NOT NULL,
    "accountInfo" JSONB NOT NULL,
    "beneficiary" JSONB,
    "status" "ExternalAccountStatus" NOT NULL,
    "ownershipType" TEXT,
    "platformAccountId" TEXT,
    "activePlatformAccountId" TEXT,
    "fingerprint" TEXT NOT NULL,
    "activeFingerprint" TEXT,
    "defaultDepositCustomerId" UUID,
    "beneficiaryVerificationStatus" TEXT,
    "beneficiaryVerifiedData" JSONB,
    "deletedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ExternalAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExternalAccountOwnershipChallenge" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "externalAccountId" UUID NOT NULL,
    "method" TEXT NOT NULL,
    "messageToSign" TEXT,
    "token" TEXT,
    "status" "OwnershipChallengeStatus" NOT NULL DEFAULT 'OUTSTANDING',
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "resolvedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ExternalAccountOwnershipChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ExternalAccount_platformId_customerId_createdAt_id_idx" ON "ExternalAccount"("platformId", "customerId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "ExternalAccount_platformId_createdAt_id_idx" ON "ExternalAccount"("platformId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "ExternalAccount_platformId_activeFingerprint_key" ON "ExternalAccount"("platformId", "activeFingerprint");

-- CreateIndex
CREATE UNIQUE INDEX "ExternalAccount_platformId_activePlatformAccountId_key" ON "ExternalAccount"("platformId", "activePlatformAccountId");

-- CreateIndex
CREATE UNIQUE INDEX "ExternalAccount_platformId_defaultDepositCustomerId_key" ON "ExternalAccount"("platformId", "defaultDepositCustomerId");

-- CreateIndex
CREATE UNIQUE INDEX "ExternalAccountOwnershipChallenge_token_key" ON "ExternalAccountOwnershipChallenge"("token");

-- CreateIndex
CREATE INDEX "ExternalAccountOwnershipChallenge_platformId_externalAccoun_idx" ON "ExternalAccountOwnershipChallenge"("platformId", "externalAccountId", "status");

-- AddForeignKey
ALTER TABLE "ExternalAccount" ADD CONSTRAINT "ExternalAccount_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExternalAccountOwnershipChallenge" ADD CONSTRAINT "ExternalAccountOwnershipChallenge_externalAccountId_fkey" FOREIGN KEY ("externalAccountId") REFERENCES "ExternalAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;
