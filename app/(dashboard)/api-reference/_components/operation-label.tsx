import { METHOD_TONES, StatusBadge } from "@/components/status-badge";
import type { Operation } from "../_lib/openapi-doc";

/** An operation as the overview and the side navigation list it: its method and summary. */
export function OperationLabel({ operation, truncate = false }: { operation: Operation; truncate?: boolean }) {
  return (
    <>
      <span className="w-16 shrink-0 text-right">
        <StatusBadge tone={METHOD_TONES[operation.method] ?? "neutral"}>{operation.method}</StatusBadge>
      </span>
      <span className={truncate ? "truncate" : "min-w-0"}>{operation.summary}</span>
    </>
  );
}
