import { lockLiveParties } from "../transfers/lock-live-parties";
import type { SqlTx } from "../db";
import type { QuoteRow } from "./serialize-quote";

/**
 * Before a quote's money moves (execute, the run after its last SCA step): locks and checks what it
 * names, as lockLiveParties — its customer and the owner of an internal source or destination
 * (CUSTOMER_DELETED), and its destination external account (NOT_FOUND once deleted: a quote made
 * before the delete no longer runs, as a new quote to that account is refused). A delete racing
 * the run waits for it, or wins and the run is refused.
 */
export async function lockQuoteParties(tx: SqlTx, quote: QuoteRow): Promise<void> {
  await lockLiveParties(tx, quote.platformId, {
    customerIds: [quote.customerId],
    internalAccountIds: [quote.sourceAccountKind === "INTERNAL" ? quote.sourceAccountId : null, quote.destinationAccountKind === "INTERNAL" ? quote.destinationAccountId : null],
    externalAccountId: quote.destinationAccountKind === "EXTERNAL" ? quote.destinationAccountId : null,
  });
}
