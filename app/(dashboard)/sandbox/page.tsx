import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Sandbox" };

export default function SandboxPage() {
  return (
    <ComingSoon
      title="Sandbox"
      summary="Tools that simulate the outside world in the sandbox."
      features={[
        "Fund internal accounts with test money",
        "Simulate incoming payments and UMA receives",
        "Simulate card authorizations, clearings and returns",
        "Advance the sandbox clock to trigger timed transitions",
      ]}
    />
  );
}
