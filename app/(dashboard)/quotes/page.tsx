import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Quotes" };

export default function QuotesPage() {
  return (
    <ComingSoon
      title="Quotes"
      summary="Cross-currency quotes: locked rates, fees and expiry."
      features={[
        "Look up receivers by UMA address or external account",
        "Create quotes and see the locked rate, fees and expiry",
        "Execute quotes and follow them into transactions",
      ]}
    />
  );
}
