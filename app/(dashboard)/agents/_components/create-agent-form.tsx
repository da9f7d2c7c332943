"use client";

import Link from "next/link";
import { useState, useTransition, type FormEvent } from "react";
import type { components } from "@/lib/client/generated/schema";
import type { ActionError } from "@/lib/client/action-result";
import { TextField } from "@/components/text-field";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { CustomerPicker } from "../../_components/customer-picker";
import type { CustomerOption } from "../../customers/_lib/customer-search";
import { createAgentAction } from "../actions";
import { EMPTY_POLICY_FORM, formToPolicy, summarizePolicy, type CurrencyInfo } from "../_lib/policy";
import { DeviceCodePanel } from "./device-code-panel";
import { PolicyFields } from "./policy-fields";
import { callAction } from "@/lib/client/action-result";

type Created = { agent: components["schemas"]["Agent"]; deviceCode: components["schemas"]["AgentDeviceCode"] };

export function CreateAgentForm({ initialCustomer, currencies }: { initialCustomer: CustomerOption | null; currencies: CurrencyInfo[] }) {
  const [name, setName] = useState("");
  const [customer, setCustomer] = useState(initialCustomer);
  const [policy, setPolicy] = useState(EMPTY_POLICY_FORM);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<ActionError | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [pending, startTransition] = useTransition();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const built = formToPolicy(policy, currencies);
    if (!built.ok) {
      setFieldErrors(built.fieldErrors);
      setError({ code: "INVALID_INPUT", message: "Some fields need attention. Nothing was created." });
      return;
    }
    startTransition(async () => {
      const result = await callAction(createAgentAction, { name, customerId: customer?.id ?? "", policy: built.policy });
      if (!result.ok) {
        setError(result.error);
        setFieldErrors(Object.fromEntries(Object.entries(result.error.fieldErrors ?? {}).map(([k, v]) => [k.replace(/^policy\./, ""), v])));
        return;
      }
      setError(null);
      setFieldErrors({});
      setCreated(result.data);
    });
  }

  if (created)
    return (
      <Card title={`Agent “${created.agent.name}” created`}>
        <div className="space-y-4">
          <DeviceCodePanel code={created.deviceCode.code} expiresAt={created.deviceCode.expiresAt} />
          <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700">
            {summarizePolicy(created.agent.policy, currencies).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <Link href={`/agents/${encodeURIComponent(created.agent.id)}`} className={buttonClasses("primary")}>
            Open agent
          </Link>
        </div>
      </Card>
    );

  const preview = formToPolicy(policy, currencies);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {error && (
        <Notice tone="error" title={error.message} testId="create-agent-error">
          {error.code === "NOT_FOUND" ? "Choose a customer that exists on this platform." : error.fieldErrors ? "Fix the fields marked below." : null}
        </Notice>
      )}
      <fieldset disabled={pending} className="space-y-6">
        <Card title="Agent">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="name" label="Name" value={name} onChange={setName} error={fieldErrors.name} placeholder="Bill-pay assistant" />
            <CustomerPicker id="customerId" label="Acts for customer" value={customer} onChange={setCustomer} error={fieldErrors.customerId} />
          </div>
        </Card>
        <Card title="Policy" description="What the agent may do with the customer's money. You can change it at any time; it applies at once.">
          <PolicyFields values={policy} onChange={setPolicy} errors={fieldErrors} currencies={currencies} />
          {preview.ok && (
            <ul className="mt-5 list-disc space-y-1 rounded-md bg-zinc-50 py-3 pr-3 pl-8 text-sm text-zinc-700" aria-label="Policy summary">
              {summarizePolicy(preview.policy, currencies).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </Card>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Creating…" : "Create agent"}
        </Button>
      </div>
    </form>
  );
}
