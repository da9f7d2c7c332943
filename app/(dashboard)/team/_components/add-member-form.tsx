"use client";

import { useState, useTransition, type FormEvent } from "react";
import type { ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { SelectField, TextField } from "@/components/text-field";
import { addTeamMemberAction } from "../actions";
import { TemporaryPassword } from "./temporary-password";
import { ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS, describeTeamError, type Role } from "./team-text";
import { callAction } from "@/lib/client/action-result";

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export function AddMemberForm() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("SUPPORT");
  const [error, setError] = useState<ActionError | null>(null);
  const [created, setCreated] = useState<{ name: string; email: string; temporaryPassword: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const errors = error?.fieldErrors ?? {};

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    startTransition(async () => {
      const result = await callAction(addTeamMemberAction, { name, email, role });
      if (!result.ok) return setError(result.error);
      setError(null);
      setCreated({ name: result.data.member.name, email: result.data.member.email, temporaryPassword: result.data.temporaryPassword });
      setName("");
      setEmail("");
      setRole("SUPPORT");
    });
  }

  if (created) return <TemporaryPassword {...created} headline={`${created.name} can now sign in.`} onDone={() => setCreated(null)} testId="created-member" />;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && (
        <Notice tone="error" testId="add-member-error">
          {describeTeamError(error)}
        </Notice>
      )}
      <div className="grid gap-5 md:grid-cols-3">
        <TextField id="name" label="Name" value={name} onChange={setName} error={errors.name} maxLength={100} autoComplete="off" />
        <TextField id="email" label="Email" type="email" value={email} onChange={setEmail} error={errors.email} maxLength={254} autoComplete="off" hint="They sign in with it." />
        <SelectField id="role" label="Role" value={role} onChange={(value) => setRole(value as Role)} options={ROLE_OPTIONS} error={errors.role} hint={ROLE_DESCRIPTIONS[role]} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Adding…" : "Add member"}
        </Button>
      </div>
    </form>
  );
}
