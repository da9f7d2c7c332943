import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Customers" };

export default function CustomersPage() {
  return (
    <ComingSoon
      title="Customers"
      summary="Individuals and businesses on your platform, with their KYC/KYB status."
      features={[
        "Search and filter customers by type, region, currency or UMA address",
        "Create, update and delete individual and business customers",
        "Follow KYC/KYB verifications, beneficial owners and documents",
        "Import customers in bulk from CSV",
      ]}
    />
  );
}
