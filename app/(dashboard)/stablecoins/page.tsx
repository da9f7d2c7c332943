import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Stablecoins" };

export default function StablecoinsPage() {
  return (
    <ComingSoon
      title="Stablecoins"
      summary="Stablecoins registered with your platform, mints and burns."
      features={[
        "Link stablecoin provider accounts",
        "Register stablecoins and check their issuance status",
        "Mint and burn, and follow each operation",
      ]}
    />
  );
}
