-- AlterTable
ALTER TABLE "AgentAction" ADD COLUMN     "executedAt" TIMESTAMPTZ(3),
ADD COLUMN     "request" JSONB,
ADD COLUMN     "spendAmount" BIGINT NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Transaction" ADD COLUMN     "agentId" UUID;

-- CreateIndex
CREATE INDEX "AgentAction_agentId_executedAt_idx" ON "AgentAction"("agentId", "executedAt");
