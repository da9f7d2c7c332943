"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { components } from "@/lib/client/generated/schema";
import { useAction } from "@/components/use-action";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { deleteAgentAction, issueDeviceCodeAction, setPausedAction, updatePolicyAction } from "../actions";
import { formToPolicy, policyToForm, summarizePolicy, type CurrencyInfo } from "../_lib/policy";
import { DeviceCodePanel } from "./device-code-panel";
import { PolicyFields, type AccountChoice } from "./policy-fields";

type Agent = components["schemas"]["Agent"];
type DeviceCode = components["schemas"]["AgentDeviceCode"];

/** Pause or resume, issue a new device code, delete. */
export function AgentLifecycle({ agent }: { agent: Agent }) {
  const router = useRouter();
  const [code, setCode] = useState<DeviceCode | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const pause = useAction(setPausedAction);
  const issue = useAction(issueDeviceCodeAction, setCode);
  const remove = useAction(deleteAgentAction, () => router.push("/agents"));
  const error = pause.error ?? issue.error ?? remove.error;

  return (
    <Card title="Lifecycle">
      <div className="space-y-4">
        {error && <Notice tone="error" title={error.message} testId="agent-lifecycle-error" />}
        {code && <DeviceCodePanel code={code.code} expiresAt={code.expiresAt} />}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => pause.run({ agentId: agent.id, isPaused: !agent.isPaused })} disabled={pause.pending}>
            {agent.isPaused ? "Resume agent" : "Pause agent"}
          </Button>
          <Button variant="secondary" onClick={() => issue.run({ agentId: agent.id })} disabled={issue.pending}>
            New device code
          </Button>
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete agent
          </Button>
        </div>
        <p className="text-xs text-zinc-500">Paused agents are refused every call (403) until resumed. A new device code voids unused ones; it cannot be issued while the agent is connected.</p>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete “${agent.name}”?`}
        confirmLabel="Delete agent"
        pending={remove.pending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.run({ agentId: agent.id })}
      >
        Its access token stops working at once and cannot be restored. Its past actions and transactions stay.
      </ConfirmDialog>
    </Card>
  );
}

/** The policy in words, and a form to change it (applies at once). */
export function AgentPolicyEditor({ agent, currencies, accounts, canEdit }: { agent: Agent; currencies: CurrencyInfo[]; accounts: AccountChoice[]; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => policyToForm(agent.policy, currencies));
  // The policy the editor was opened with: saving is refused if someone changed it meanwhile.
  const [openedWith, setOpenedWith] = useState(agent.policy);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const save = useAction(updatePolicyAction, () => setEditing(false));

  return (
    <Card
      title="Policy"
      actions={
        canEdit &&
        !editing && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              // The policy as the page shows it now (a refresh may have brought another admin's change).
              setValues(policyToForm(agent.policy, currencies));
              setOpenedWith(agent.policy);
              setEditing(true);
            }}
          >
            Edit policy
          </Button>
        )
      }
    >
      {!editing ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700" aria-label="Policy summary">
          {summarizePolicy(agent.policy, currencies).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const built = formToPolicy(values, currencies);
            if (!built.ok) return setFieldErrors(built.fieldErrors);
            setFieldErrors({});
            save.run({ agentId: agent.id, policy: built.policy, openedWith });
          }}
          className="space-y-5"
        >
          {save.error && <Notice tone="error" title={save.error.message} testId="policy-error" />}
          <PolicyFields values={values} onChange={setValues} errors={{ ...fieldErrors, ...(save.error?.fieldErrors ?? {}) }} currencies={currencies} accounts={accounts} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={save.pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.pending}>
              {save.pending ? "Saving…" : "Save policy"}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
