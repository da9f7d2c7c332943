import type { DbOrTx } from "../db";
import { assertCounterpartyAnswers, resolveSandboxCounterparty } from "../uma/sandbox-counterparties";
import { currencyPreference } from "./currency-preference";
import { resolveLookupSender, type SenderQuery } from "./resolve-lookup-sender";
import type { ReceiverLookupResponse } from "./schemas";
import { storeReceiverLookup } from "./store-receiver-lookup";

/**
 * Payer data the sandbox counterparties ask for (BEHAVIORS.md §9.2). Our sandbox choice: the MXN
 * counterparty makes both mandatory (a quote without them in senderCustomerInfo → 400), the others
 * ask for them optionally.
 */
const payerFields = (currency: string) => [
  { name: "FULL_NAME", mandatory: currency === "MXN" },
  { name: "COUNTRY_OF_RESIDENCE", mandatory: currency === "MXN" },
];

/**
 * GET /receiver/uma/{receiverUmaAddress} (BEHAVIORS.md §4.6, §9.2): the sandbox counterparty's
 * currency with an estimated rate from USD and the amount range, and the payer data it asks for;
 * the answer is stored so a quote can name its lookupId.
 * Throws: INVALID_UMA_ADDRESS, USER_NOT_FOUND (unknown domain or customer), UMA_NOT_FOUND.
 */
export async function lookupUmaReceiver(db: DbOrTx, platformId: string, receiverUmaAddress: string, query: SenderQuery): Promise<ReceiverLookupResponse> {
  const counterparty = resolveSandboxCounterparty(receiverUmaAddress);
  assertCounterpartyAnswers(counterparty, "LOOKUP");
  const customerId = await resolveLookupSender(db, platformId, query);
  return storeReceiverLookup(db, platformId, { kind: "UMA", receiverUmaAddress: counterparty.address, customerId, senderUmaAddress: query.senderUmaAddress ?? null }, (lookupId) => ({
    lookupId,
    receiverUmaAddress: counterparty.address,
    supportedCurrencies: [currencyPreference(counterparty.currency)],
    requiredPayerDataFields: payerFields(counterparty.currency),
  }));
}
