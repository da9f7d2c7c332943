import type { ReactNode } from "react";
import type { components } from "@/lib/client/generated/schema";
import { DateTime } from "@/components/date-time";
import { Fact } from "@/components/fact";
import { enumLabel } from "@/components/text-field";

type Customer = components["schemas"]["CustomerOneOf"];
type Address = components["schemas"]["Address"];

const NONE = <span className="text-zinc-400">—</span>;

function text(value: string | undefined): ReactNode {
  return value ? value : NONE;
}

function AddressLines({ address }: { address?: Address }) {
  if (!address) return NONE;
  const cityLine = [address.city, address.state, address.postalCode].filter(Boolean).join(" ");
  return (
    <span className="block leading-snug">
      {[address.line1, address.line2, cityLine, address.country].filter(Boolean).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </span>
  );
}

/** Everything the API returns about the customer, as facts. */
export function CustomerProfile({ customer }: { customer: Customer }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 md:grid-cols-3">
      <Fact label="Type">{customer.customerType === "INDIVIDUAL" ? "Individual" : "Business"}</Fact>
      <Fact label="Your customer ID" testId="customer-platform-id">
        <code className="font-mono text-xs break-all">{customer.platformCustomerId}</code>
      </Fact>
      <Fact label="UMA address">
        <code className="font-mono text-xs break-all">{customer.umaAddress}</code>
      </Fact>
      {customer.customerType === "INDIVIDUAL" ? (
        <>
          <Fact label="Full name">{text(customer.fullName)}</Fact>
          <Fact label="Date of birth">{text(customer.birthDate)}</Fact>
          <Fact label="Nationality">{text(customer.nationality)}</Fact>
          <Fact label="ID">{customer.idType ? `${enumLabel(customer.idType)}${customer.countryOfIssuance ? ` (${customer.countryOfIssuance})` : ""}` : NONE}</Fact>
        </>
      ) : (
        <>
          <Fact label="Legal name">{customer.businessInfo.legalName}</Fact>
          <Fact label="Doing business as">{text(customer.businessInfo.doingBusinessAs)}</Fact>
          <Fact label="Country of incorporation">{text(customer.businessInfo.country)}</Fact>
          <Fact label="Entity type">{customer.businessInfo.entityType ? enumLabel(customer.businessInfo.entityType) : NONE}</Fact>
          <Fact label="Registration number">{text(customer.businessInfo.registrationNumber)}</Fact>
          <Fact label="Tax ID">{text(customer.businessInfo.taxId)}</Fact>
          <Fact label="Incorporated on">{text(customer.businessInfo.incorporatedOn)}</Fact>
        </>
      )}
      <Fact label="Address">
        <AddressLines address={customer.address} />
      </Fact>
      <Fact label="Email">{text(customer.email)}</Fact>
      <Fact label="Phone">{text(customer.phoneNumber)}</Fact>
      <Fact label="Currencies">{customer.currencies.join(", ") || NONE}</Fact>
      <Fact label="Created">
        <DateTime value={customer.createdAt} />
      </Fact>
      <Fact label="Updated">
        <DateTime value={customer.updatedAt} />
      </Fact>
    </dl>
  );
}
