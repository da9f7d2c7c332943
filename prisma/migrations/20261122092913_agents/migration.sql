-- CreateTable
CREATE TABLE "Agent" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "isPaused" BOOLEAN NOT NULL DEFAULT false,
    "policy" JSONB NOT NULL,
    "accessTokenHash" TEXT,
    "connectedAt" TIMESTAMPTZ(3),
    "deletedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgentDeviceCode" (
    "code" TEXT NOT NULL,
    "platformId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "redeemedAt" TIMESTAMPTZ(3),
    "voidedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AgentDeviceCode_pkey" PRIMARY KEY ("code")
);

-- CreateTable
CREATE TABLE "AgentAction" (
    "id" UUID NOT NULL,
    "platformId" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "quoteId" UUID,
    "transferDetails" JSONB,
    "transactionId" UUID,
    "rejectionReason" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "AgentAction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Agent_accessTokenHash_key" ON "Agent"("accessTokenHash");

-- CreateIndex
CREATE INDEX "Agent_platformId_createdAt_id_idx" ON "Agent"("platformId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "AgentDeviceCode_agentId_idx" ON "AgentDeviceCode"("agentId");

-- CreateIndex
CREATE INDEX "AgentAction_platformId_status_createdAt_idx" ON "AgentAction"("platformId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "AgentAction_agentId_createdAt_idx" ON "AgentAction"("agentId", "createdAt");

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentDeviceCode" ADD CONSTRAINT "AgentDeviceCode_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentDeviceCode" ADD CONSTRAINT "AgentDeviceCode_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentAction" ADD CONSTRAINT "AgentAction_platformId_fkey" FOREIGN KEY ("platformId") REFERENCES "Platform"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentAction" ADD CONSTRAINT "AgentAction_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;
