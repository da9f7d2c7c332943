import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Agents" };

export default function AgentsPage() {
  return (
    <ComingSoon
      title="Agents"
      summary="AI agents acting for your customers under a policy."
      features={[
        "Create agents and set their policies and spending limits",
        "Pause, resume and delete agents; issue device codes",
        "Approve or reject actions that need a human",
      ]}
    />
  );
}
