import type { DbOrTx } from "../db";
import { ServiceError } from "../http/errors";
import { serializeConfig } from "./serialize-config";
import type { PlatformConfig } from "./schemas";
import { getWalletEnclaveKey } from "../wallet-auth/enclave-key";

/** GET /config. Throws: NOT_FOUND only if the platform vanished under a live credential. */
export async function getConfig(db: DbOrTx, platformId: string): Promise<PlatformConfig> {
  const platform = await db.platform.findUnique({
    where: { id: platformId },
    include: { feeConfigs: { orderBy: [{ feeType: "asc" }, { sourceCurrency: "asc" }] } },
  });
  if (!platform) throw new ServiceError("NOT_FOUND", "Platform not found");
  return { ...serializeConfig(platform, platform.feeConfigs), walletEnclavePublicKey: (await getWalletEnclaveKey(db, platformId)).publicKeyHex };
}
