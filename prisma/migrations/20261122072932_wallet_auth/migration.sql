-- CreateEnum
CREATE TYPE "WalletAuthMethodType" AS ENUM ('OAUTH', 'EMAIL_OTP', 'SMS_OTP', 'PASSKEY');

-- CreateEnum
CREATE TYPE "DelegatedKeyStatus" AS ENUM ('PENDING', 'ACTIVE', 'REVOKED');

-- CreateTable
CREATE TABLE "WalletEnclaveKey" (
    "platformId" UUID NOT NULL,
    "privateKeyHex" TEXT NOT NULL,
    "publicKeyHex" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WalletEnclaveKey_pkey" PRIMARY KEY ("platformId")
);

-- CreateTable
CREATE TABLE "WalletAuthMethod" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "internalAccountId" UUID NOT NULL,
    "type" "WalletAuthMethodType" NOT NULL,
    "nickname" TEXT NOT NULL,
    "credentialId" TEXT,
    "passkeyPublicKey" BYTEA,
    "passkeyCounter" INTEGER NOT NULL DEFAULT 0,
    "passkeyTransports" TEXT[],
    "oauthIssuer" TEXT,
    "oauthAudience" TEXT,
    "oauthSubject" TEXT,
    "lastOtpIssuedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WalletAuthMethod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletOtpChallenge" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "authMethodId" UUID NOT NULL,
    "targetPrivateKeyHex" TEXT NOT NULL,
    "targetPublicKeyHex" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "consumedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WalletOtpChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletAuthSession" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "internalAccountId" UUID NOT NULL,
    "authMethodId" UUID NOT NULL,
    "publicKeyHex" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "revokedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WalletAuthSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletSignedRequest" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "internalAccountId" UUID NOT NULL,
    "operation" TEXT NOT NULL,
    "requestFingerprint" TEXT NOT NULL,
    "payloadToSign" TEXT NOT NULL,
    "signerPublicKey" TEXT,
    "credentialSetHash" TEXT,
    "data" JSONB,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WalletSignedRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WalletSecret" (
    "internalAccountId" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "mnemonic" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WalletSecret_pkey" PRIMARY KEY ("internalAccountId")
);

-- CreateTable
CREATE TABLE "WalletDelegatedKey" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "internalAccountId" UUID NOT NULL,
    "cardId" UUID NOT NULL,
    "fundingSourceId" UUID NOT NULL,
    "nickname" TEXT NOT NULL,
    "publicKeyHex" TEXT NOT NULL,
    "privateKeyHex" TEXT NOT NULL,
    "status" "DelegatedKeyStatus" NOT NULL,
    "spendingLimits" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "WalletDelegatedKey_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WalletAuthMethod_platformId_internalAccountId_createdAt_idx" ON "WalletAuthMethod"("platformId", "internalAccountId", "createdAt");

-- CreateIndex
CREATE INDEX "WalletAuthMethod_platformId_credentialId_idx" ON "WalletAuthMethod"("platformId", "credentialId");

-- CreateIndex
CREATE INDEX "WalletOtpChallenge_authMethodId_createdAt_idx" ON "WalletOtpChallenge"("authMethodId", "createdAt");

-- CreateIndex
CREATE INDEX "WalletAuthSession_platformId_internalAccountId_publicKeyHex_idx" ON "WalletAuthSession"("platformId", "internalAccountId", "publicKeyHex");

-- CreateIndex
CREATE INDEX "WalletAuthSession_platformId_authMethodId_idx" ON "WalletAuthSession"("platformId", "authMethodId");

-- CreateIndex
CREATE INDEX "WalletSignedRequest_platformId_internalAccountId_idx" ON "WalletSignedRequest"("platformId", "internalAccountId");

-- CreateIndex
CREATE INDEX "WalletDelegatedKey_platformId_createdAt_id_idx" ON "WalletDelegatedKey"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "WalletDelegatedKey_platformId_internalAccountId_idx" ON "WalletDelegatedKey"("platformId", "internalAccountId");

-- AddForeignKey
ALTER TABLE "WalletEnclaveKey" ADD CONSTRAINT "WalletEnclaveKey_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletAuthMethod" ADD CONSTRAINT "WalletAuthMethod_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletOtpChallenge" ADD CONSTRAINT "WalletOtpChallenge_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletAuthSession" ADD CONSTRAINT "WalletAuthSession_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletSignedRequest" ADD CONSTRAINT "WalletSignedRequest_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletSecret" ADD CONSTRAINT "WalletSecret_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WalletDelegatedKey" ADD CONSTRAINT "WalletDelegatedKey_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;
