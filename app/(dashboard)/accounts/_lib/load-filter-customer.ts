import "server-only";
import type { ServiceClient } from "@/lib/client/create-client";
import { toCustomerOption, type CustomerOption } from "../../customers/_lib/customer-search";

/**
 * The customer an account list is filtered on, as the filter's picker shows it. An id the API does
 * not know still shows as typed (the list then says nothing matches), so the filter can be seen and cleared.
 */
export async function loadFilterCustomer(client: ServiceClient, customerId: string | undefined): Promise<CustomerOption | null> {
  if (!customerId) return null;
  const { data } = await client.GET("/customers/{customerId}", { params: { path: { customerId } } });
  if (data) return toCustomerOption(data);
  return { id: customerId, platformCustomerId: customerId, name: customerId, customerType: "INDIVIDUAL", verificationStatus: "UNVERIFIED", umaAddress: "" };
}
