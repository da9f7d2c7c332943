import "server-only";
import type { ServiceClient } from "@/lib/client/create-client";
import { customerName } from "../_components/kyc-status-badge";

/** Lookups at once; a page of 20 rows names at most 20 customers, in one wave. */
const CONCURRENCY = 20;
/** More distinct customers than a list page shows is not a page: the rest keep their id. */
const MAX_CUSTOMERS = 100;

/**
 * The names staff know customers by (full or legal name, else your customer ID), for lists that
 * show whose a row is. The API looks customers up one id at a time (GET /customers has no id
 * filter), so each distinct id is fetched once, CONCURRENCY at a time. An id that cannot be looked
 * up is left out: the caller shows the id itself.
 */
export async function loadCustomerNames(client: ServiceClient, ids: Iterable<string | null | undefined>): Promise<Map<string, string>> {
  const unique = [...new Set([...ids].filter((id): id is string => Boolean(id)))].slice(0, MAX_CUSTOMERS);
  const names = new Map<string, string>();
  for (let start = 0; start < unique.length; start += CONCURRENCY) {
    await Promise.all(
      unique.slice(start, start + CONCURRENCY).map(async (customerId) => {
        const { data } = await client.GET("/customers/{customerId}", { params: { path: { customerId } } });
        if (data) names.set(customerId, customerName(data));
      }),
    );
  }
  return names;
}
