"use client";

import { useState, useTransition, type FormEvent } from "react";
import type { components } from "@/lib/client/generated/schema";
import { callAction, describeActionError, type ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Field, FieldError, controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { clockGapHint, useClockGap } from "@/components/clock-gap";
import { createTokenAction } from "../actions";
import { CreatedToken } from "./created-token";

type ApiToken = components["schemas"]["ApiToken"];
type Permission = components["schemas"]["Permission"];

const PERMISSIONS: { value: Permission; description: string }[] = [
  { value: "VIEW", description: "Read all data." },
  { value: "TRANSACT", description: "Send payments: quotes, transfers, executions." },
  { value: "MANAGE", description: "Change configuration, API tokens and customers." },
];

const NAME_HINT = "What uses this token, e.g. “Payouts service”.";
const EXPIRY_HINT = "Optional, in your local time. Requests after it get 401.";

/** datetime-local has no zone; the browser knows the user's, so convert here. Unparseable input goes as typed for the API to reject. */
function toIsoOrRaw(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** `platformNow`: the platform's time when the page was made (GET /sandbox/clock), so the hint can say when its clock is not the user's. */
export function CreateTokenForm({ baseUrl, platformNow }: { baseUrl: string; platformNow?: string }) {
  const gap = useClockGap(platformNow);
  const [name, setName] = useState("");
  const [permissions, setPermissions] = useState<Permission[]>(["VIEW"]);
  const [expiresAt, setExpiresAt] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [created, setCreated] = useState<ApiToken | null>(null);
  const [pending, startTransition] = useTransition();
  const errors = error?.fieldErrors ?? {};
  const gapHint = gap === null ? null : clockGapHint(gap, Date.now());
  const expiryHint = gapHint ? `${EXPIRY_HINT} ${gapHint}` : EXPIRY_HINT;
  const permissionsError = errors.permissions ?? Object.entries(errors).find(([field]) => field.startsWith("permissions."))?.[1];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = await callAction(createTokenAction, { name, permissions, expiresAt: toIsoOrRaw(expiresAt) });
      if (!result.ok) return setError(result.error);
      setError(null);
      setCreated(result.data);
      setName("");
      setExpiresAt("");
      setPermissions(["VIEW"]);
    });
  }

  if (created?.clientSecret) {
    return <CreatedToken name={created.name} clientId={created.clientId} clientSecret={created.clientSecret} baseUrl={baseUrl} onDone={() => setCreated(null)} />;
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Notice tone="error" testId="create-token-error">{describeActionError(error)}</Notice>}
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="token-name" label="Name" hint={NAME_HINT} error={errors.name}>
          <Input {...controlProps("token-name", errors.name, NAME_HINT)} value={name} onChange={(e) => setName(e.target.value)} maxLength={255} />
        </Field>
        <Field id="token-expires-at" label="Expires (optional)" hint={expiryHint} error={errors.expiresAt}>
          <Input {...controlProps("token-expires-at", errors.expiresAt, expiryHint)} type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
        </Field>
      </div>
      <fieldset aria-describedby={permissionsError ? "token-permissions-error" : undefined}>
        <legend className="mb-2 text-sm font-medium text-zinc-800">Permissions</legend>
        <div className="grid gap-3 md:grid-cols-3">
          {PERMISSIONS.map(({ value, description }) => (
            <Checkbox
              key={value}
              label={value}
              description={description}
              checked={permissions.includes(value)}
              onChange={(e) => setPermissions((current) => (e.target.checked ? [...current, value] : current.filter((p) => p !== value)))}
              className="rounded-md border border-zinc-200 p-3"
            />
          ))}
        </div>
        {permissionsError && <FieldError id="token-permissions" message={permissionsError} />}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Creating…" : "Create token"}
        </Button>
      </div>
    </form>
  );
}
