import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Accounts" };

export default function AccountsPage() {
  return (
    <ComingSoon
      title="Accounts"
      summary="Internal balances and external bank or wallet accounts."
      features={[
        "See internal account balances and balance changes",
        "Manage customers' and the platform's external accounts",
        "Verify account ownership and trust beneficiaries",
      ]}
    />
  );
}
