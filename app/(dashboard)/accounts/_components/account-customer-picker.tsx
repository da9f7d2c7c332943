"use client";

import { useState } from "react";
import { CustomerPicker } from "../../_components/customer-picker";
import type { CustomerOption } from "../../customers/_lib/customer-search";

/**
 * The account lists' customer filter: the same search-as-you-type picker as the transactions
 * filter (a name, your customer ID, $UMA or a Customer: id), showing the customer filtered on;
 * sends the picked id as `customerId`.
 */
export function AccountCustomerPicker({ initial }: { initial: CustomerOption | null }) {
  const [customer, setCustomer] = useState<CustomerOption | null>(initial);
  // The label as small as the other filters' labels (Field's is sized for forms).
  return <CustomerPicker id="filter-customer" label="Customer" name="customerId" value={customer} onChange={setCustomer} className="w-80 [&>label]:text-xs [&>label]:text-zinc-600" />;
}
