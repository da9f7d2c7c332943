import "server-only";
import type { components } from "@/lib/client/generated/schema";
import type { ServiceClient } from "@/lib/client/create-client";
import { externalAccountSummary } from "@/components/external-accounts-table";

type AgentAction = components["schemas"]["AgentAction"];

/** Where an action's money would go, as an id to look up or words already. */
function destinationOf(action: AgentAction): { externalAccountId: string } | { text: string } | null {
  if (action.type === "EXECUTE_QUOTE") {
    const destination = (action.quote as { destination?: { destinationType?: string; accountId?: string; umaAddress?: string } } | undefined)?.destination;
    if (destination?.umaAddress) return { text: `UMA ${destination.umaAddress}` };
    if (destination?.accountId?.startsWith("ExternalAccount:")) return { externalAccountId: destination.accountId };
    if (destination?.accountId) return { text: "Internal account of the platform" };
    return null;
  }
  if (!action.transferDetails) return null;
  // TRANSFER_OUT pays to the customer's external account; TRANSFER_IN fills their internal account.
  if (action.type === "TRANSFER_OUT") return { externalAccountId: action.transferDetails.destinationAccountId };
  return { text: `The customer's ${action.transferDetails.currency} internal account` };
}

/**
 * For the approvals inbox, where each pending action's money goes, in words by action id:
 * "USD · Bank account ****0004 · routing 021000021", "UMA $bob@…". Each external account is read
 * once; one that cannot be read keeps its id.
 */
export async function loadActionDestinations(client: ServiceClient, actions: AgentAction[]): Promise<Record<string, string>> {
  const wanted = actions.map((a) => [a, destinationOf(a)] as const);
  const ids = [...new Set(wanted.flatMap(([, d]) => (d && "externalAccountId" in d ? [d.externalAccountId] : [])))];
  const labels = new Map<string, string>();
  await Promise.all(
    ids.map(async (externalAccountId) => {
      const { data } = await client.GET("/customers/external-accounts/{externalAccountId}", { params: { path: { externalAccountId } } });
      if (!data) return;
      const { kind, identifier } = externalAccountSummary(data.accountInfo);
      labels.set(externalAccountId, [data.currency, `${kind}${identifier ? ` ${identifier}` : ""}`].join(" · "));
    }),
  );
  const destinations: Record<string, string> = {};
  for (const [action, d] of wanted) {
    if (!d) continue;
    destinations[action.id] = "text" in d ? d.text : (labels.get(d.externalAccountId) ?? d.externalAccountId);
  }
  return destinations;
}
