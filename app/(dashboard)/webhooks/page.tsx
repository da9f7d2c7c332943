import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <ComingSoon
      title="Webhooks"
      summary="Events sent to your webhook endpoint and every delivery attempt."
      features={[
        "Browse events and see each delivery attempt with its response",
        "Resend failed deliveries",
        "Send a test webhook to your endpoint",
      ]}
    />
  );
}
