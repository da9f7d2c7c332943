import type { components } from "@/lib/client/generated/schema";
import type { serviceClient } from "@/lib/client/server";
import { toCustomerOption } from "../../customers/_lib/customer-search";
import type { TransactionCustomer } from "../_components/transaction-summary";

type Client = Awaited<ReturnType<typeof serviceClient>>;
type Transaction = components["schemas"]["TransactionOneOf"];

/** Who the transaction belongs to: named when the customer loads, else by the ids the transaction carries. */
export async function transactionCustomer(client: Client, t: Transaction): Promise<TransactionCustomer | undefined> {
  if (!t.customerId) return undefined;
  const { data } = await client.GET("/customers/{customerId}", { params: { path: { customerId: t.customerId } } });
  if (!data) return { id: t.customerId, platformCustomerId: t.platformCustomerId };
  const option = toCustomerOption(data);
  return { id: t.customerId, platformCustomerId: option.platformCustomerId, name: option.name !== option.platformCustomerId ? option.name : undefined };
}
