import "server-only";
import type { components } from "@/lib/client/generated/schema";
import type { ServiceClient } from "@/lib/client/create-client";

type Agreement = components["schemas"]["Agreement"];

/** What both customer forms offer: the platform's currencies and the current end-user terms. */
export async function loadFormContext(client: ServiceClient): Promise<{ currencies: string[]; terms?: Agreement }> {
  const [{ data: config }, { data: agreements }] = await Promise.all([client.GET("/config"), client.GET("/customers/agreements")]);
  return {
    currencies: config?.supportedCurrencies.map((c) => c.currencyCode) ?? [],
    terms: agreements?.data.find((a) => a.type === "SERVICE_END_USER_TERMS"),
  };
}

