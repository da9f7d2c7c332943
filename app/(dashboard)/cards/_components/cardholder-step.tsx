"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CustomerPicker } from "../../_components/customer-picker";
import type { CustomerOption } from "../../customers/_lib/customer-search";

/** Cards go to individuals whose KYC is approved; others are listed, disabled, so a search never looks empty for the wrong reason. */
function unavailableReason(customer: CustomerOption): string | undefined {
  return customer.verificationStatus === "APPROVED" ? undefined : "KYC not approved";
}

/** Step 1 of issuing a card: pick the cardholder, then continue to its funding accounts. */
export function CardholderStep() {
  const router = useRouter();
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!customer) return setError("Choose a customer whose KYC is approved.");
    router.push(`/cards/new?customerId=${encodeURIComponent(customer.id)}`);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-3">
      <CustomerPicker
        id="cardholder"
        label="Cardholder"
        customerType="INDIVIDUAL"
        unavailableReason={unavailableReason}
        value={customer}
        onChange={(picked) => {
          setCustomer(picked);
          setError(undefined);
        }}
        error={error}
        hint="Individuals with approved KYC."
        className="w-full max-w-md"
      />
      <Button type="submit" className="mt-7">
        Continue
      </Button>
    </form>
  );
}
