"use client";

import { useState } from "react";
import { CustomerPicker } from "../../_components/customer-picker";
import type { CustomerOption } from "../../customers/_lib/customer-search";

/** Picks the customer whose transactions the filter form asks for; sends its id as `customerId`. */
export function CustomerFilterPicker() {
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  // The label as small as the other filters' labels (Field's is sized for forms).
  return <CustomerPicker id="filter-customer" label="Customer" name="customerId" value={customer} onChange={setCustomer} className="w-80 [&>label]:text-xs [&>label]:text-zinc-600" />;
}
