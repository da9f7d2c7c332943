import "server-only";
import type { ServiceClient } from "@/lib/client/create-client";
import type { CurrencyInfo } from "./policy";

/** Every currency the service prices (code, symbol, decimals), USD first: the choices for agent limits. */
export async function loadCurrencies(client: ServiceClient): Promise<CurrencyInfo[]> {
  const { data } = await client.GET("/exchange-rates", { params: { query: { sourceCurrency: "USD" } } });
  const rates = data?.data ?? [];
  const all = [rates[0]?.sourceCurrency ?? { code: "USD", symbol: "$", decimals: 2 }, ...rates.map((r) => r.destinationCurrency)];
  return all.filter((c, i) => all.findIndex((x) => x.code === c.code) === i);
}
