import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Cards" };

export default function CardsPage() {
  return (
    <ComingSoon
      title="Cards"
      summary="Cards issued to your customers and their activity."
      features={[
        "Issue cards and set funding sources and spending limits",
        "Freeze, unfreeze and close cards",
        "Review card authorizations, clearings and returns",
      ]}
    />
  );
}
