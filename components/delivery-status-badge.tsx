import type { components } from "@/lib/client/generated/schema";
import { StatusBadge, type BadgeTone } from "@/components/status-badge";

type DeliveryStatus = components["schemas"]["WebhookEvent"]["deliveryStatus"];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  PENDING: "Pending",
  DELIVERED: "Delivered",
  RETRYING: "Retrying",
  FAILED: "Failed",
  NO_ENDPOINT: "No endpoint",
};

const TONES: Record<DeliveryStatus, BadgeTone> = {
  PENDING: "info",
  DELIVERED: "success",
  RETRYING: "warning",
  FAILED: "danger",
  NO_ENDPOINT: "neutral",
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <StatusBadge tone={TONES[status]}>{DELIVERY_STATUS_LABELS[status]}</StatusBadge>;
}
