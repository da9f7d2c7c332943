import type { DbOrTx } from "../db";
import { getExternalAccountOrThrow } from "../external-accounts/get-external-account-or-throw";
import { formatId } from "../http/ids";
import { currencyPreference } from "./currency-preference";
import { resolveLookupSender, type SenderQuery } from "./resolve-lookup-sender";
import type { ReceiverLookupResponse } from "./schemas";
import { storeReceiverLookup } from "./store-receiver-lookup";

/**
 * GET /receiver/external-account/{accountId} (BEHAVIORS.md §9.2): the account's currency with an
 * estimated rate from USD and the amount range; no payer data is required.
 * Throws: NOT_FOUND (account), USER_NOT_FOUND (customer).
 */
export async function lookupExternalAccountReceiver(db: DbOrTx, platformId: string, accountId: string, query: SenderQuery): Promise<ReceiverLookupResponse> {
  const external = await getExternalAccountOrThrow(db, platformId, accountId);
  const customerId = await resolveLookupSender(db, platformId, query);
  return storeReceiverLookup(db, platformId, { kind: "EXTERNAL_ACCOUNT", accountId: external.id, customerId, senderUmaAddress: query.senderUmaAddress ?? null }, (lookupId) => ({
    lookupId,
    accountId: formatId("ExternalAccount", external.id),
    supportedCurrencies: [currencyPreference(external.currency)],
    requiredPayerDataFields: [],
  }));
}
