import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Transactions" };

export default function TransactionsPage() {
  return (
    <ComingSoon
      title="Transactions"
      summary="Every payment in and out, with its status and timeline."
      features={[
        "Filter transactions by customer, status, type and date",
        "Approve or reject incoming payments waiting for the platform",
        "Cancel pending transactions and confirm receipt delivery",
      ]}
    />
  );
}
