import type { Db } from "../db";
import { ServiceError, invalidInput } from "../http/errors";
import { now } from "../sandbox/clock";
import { getConfig } from "./get-config";
import { webhookEndpointProblem } from "./webhook-endpoint";
import { enqueueEvent, TEST_EVENT } from "../jobs/enqueue-event";
import type { PlatformConfig, PlatformConfigUpdateRequest } from "./schemas";

/**
 * PATCH /config: fields sent replace their values (nested configs are merged key by key);
 * `feeConfigs` are upserted by (feeType, sourceCurrency), both amounts 0 deactivating a key
 * (BEHAVIORS.md §1.1); a changed webhook endpoint is sent a TEST event. Throws: INVALID_INPUT listing every bad field, NOT_IMPLEMENTED for fee
 * configs other than CROSS_CURRENCY_TRANSACTION in USD.
 */
export async function updateConfig(
  db: Db,
  platformId: string,
  environment: "SANDBOX" | "PRODUCTION",
  update: PlatformConfigUpdateRequest,
): Promise<PlatformConfig> {
  // Field and cross-field rules ran in the schema; production also refuses plain-http localhost.
  const problem = update.webhookEndpoint ? webhookEndpointProblem(update.webhookEndpoint, environment) : null;
  if (problem) throw invalidInput([{ field: "webhookEndpoint", message: problem, constraint: { format: "uri", pattern: "^https://" } }]);
  const unsupported = update.feeConfigs?.find((f) => f.sourceCurrency !== "USD");
  if (unsupported)
    throw new ServiceError("NOT_IMPLEMENTED", `Fee configs are supported for sourceCurrency USD only, not ${unsupported.sourceCurrency}`);

  const at = await now(db, platformId);
  return db.$transaction(async (tx) => {
    // Locked until commit: concurrent PATCHes would each merge into the same old wallet settings
    // (the last write losing the others' keys) and each see the old endpoint (one TEST event apiece).
    await tx.$queryRaw`SELECT "id" FROM "Platform" WHERE "id" = ${platformId}::uuid FOR NO KEY UPDATE`;
    const platform = await tx.platform.findUniqueOrThrow({ where: { id: platformId } });
    await tx.platform.update({
      where: { id: platformId },
      data: {
        updatedAt: at,
        ...(update.umaDomain !== undefined && { umaDomain: update.umaDomain }),
        ...(update.skipVerificationPaperwork !== undefined && { skipVerificationPaperwork: update.skipVerificationPaperwork }),
        ...(update.webhookEndpoint !== undefined && { webhookEndpoint: update.webhookEndpoint || null }),
        ...(update.supportedCurrencies !== undefined && { supportedCurrencies: update.supportedCurrencies }),
        ...(update.embeddedWalletConfig !== undefined && {
          embeddedWalletConfig: { ...(platform.embeddedWalletConfig as object), ...update.embeddedWalletConfig },
        }),
        ...(update.cardTokenization2faConfig !== undefined && {
          cardTokenization2faConfig: { ...((platform.cardTokenization2faConfig as object | null) ?? {}), ...update.cardTokenization2faConfig },
        }),
      },
    });
    // A new endpoint gets one TEST event so the platform sees it working (BEHAVIORS.md §1.1).
    if (update.webhookEndpoint && update.webhookEndpoint !== platform.webhookEndpoint)
      await enqueueEvent(tx, { platformId, type: TEST_EVENT, data: {} });
    for (const fee of update.feeConfigs ?? []) {
      const key = { platformId, feeType: fee.feeType, sourceCurrency: fee.sourceCurrency };
      const variableFeeBps = fee.variableFeeBps ?? 0;
      const fixedFeeAmount = BigInt(fee.fixedFee?.amount ?? 0);
      if (variableFeeBps === 0 && fixedFeeAmount === 0n) {
        await tx.platformFeeConfig.deleteMany({ where: key });
        continue;
      }
      const values = { variableFeeBps, fixedFeeAmount, fixedFeeCurrency: fee.fixedFee?.currency ?? fee.sourceCurrency, updatedAt: at };
      await tx.platformFeeConfig.upsert({
        where: { platformId_feeType_sourceCurrency: key },
        create: { ...key, ...values, createdAt: at },
        update: values,
      });
    }
    return getConfig(tx, platformId);
  });
}
