import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Db } from "../db";
import { formatId } from "../http/ids";
import { now } from "../sandbox/clock";
import { serializeWithBalances } from "../internal-accounts/load-account-ledgers";
import type { InternalAccount } from "../internal-accounts/schemas";
import { getEmbeddedWalletOrThrow } from "./get-embedded-wallet-or-throw";
import { runSignedRetry, type SignedResult, type SignedRetryHeaders } from "./signed-retry";

/** PATCH /internal-accounts/{id} {privateEnabled}: signed retry; answers the updated InternalAccount. */
export async function updateWalletPrivacy(db: Db, input: { platformId: string; accountId: string; privateEnabled: boolean; headers: SignedRetryHeaders; fingerprint: string }): Promise<SignedResult<InternalAccount>> {
  return db.$transaction(async (tx) => {
    const wallet = await getEmbeddedWalletOrThrow(tx, input.platformId, input.accountId);
    const walletId = formatId("InternalAccount", wallet.id);
    return runSignedRetry(
      tx,
      {
        platformId: input.platformId,
        internalAccountId: wallet.id,
        operation: "UPDATE_WALLET_PRIVACY",
        fingerprint: input.fingerprint,
        headers: input.headers,
        activityType: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
        parameters: {
          encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
          hashFunction: "HASH_FUNCTION_NO_OP",
          payload: bytesToHex(utf8ToBytes(JSON.stringify({ privateEnabled: input.privateEnabled }))),
          signWith: walletId,
        },
      },
      async () => {
        const at = await now(tx, input.platformId);
        const row = await tx.internalAccount.update({ where: { id: wallet.id }, data: { privateEnabled: input.privateEnabled, updatedAt: at } });
        const [account] = await serializeWithBalances(tx, [row]);
        return account!;
      },
    );
  });
}
