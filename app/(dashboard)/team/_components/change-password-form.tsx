"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import type { ActionError } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Field, controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { changePasswordAction } from "../actions";
import { describeTeamError } from "./team-text";

const FIELDS = [
  { id: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { id: "newPassword", label: "New password", autoComplete: "new-password" },
  { id: "confirmPassword", label: "Repeat the new password", autoComplete: "new-password" },
] as const;

type Values = Record<(typeof FIELDS)[number]["id"], string>;
const EMPTY: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * The signed-in user's own password. The change ends every session signed in with the old
 * password, this one included, so this browser signs in again with the new one at once.
 */
export function ChangePasswordForm({ minLength }: { minLength: number }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<ActionError | null>(null);
  const [isDone, setIsDone] = useState(false);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const errors = error?.fieldErrors ?? {};
  const newHint = `At least ${minLength} characters.`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setIsDone(false);
    startTransition(async () => {
      const result = await changePasswordAction(values);
      if (!result.ok) return setError(result.error);
      const signedIn = await signIn("credentials", { redirect: false, email: result.data.email, password: values.newPassword }).catch(() => undefined);
      if (!signedIn?.ok) return window.location.assign("/login");
      setError(null);
      setValues(EMPTY);
      setIsDone(true);
      router.refresh();
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && (
        <Notice tone="error" testId="change-password-error">
          {describeTeamError(error)}
        </Notice>
      )}
      {isDone && (
        <Notice tone="success" testId="change-password-done">
          Password changed. You stay signed in here; sessions in other browsers have been signed out.
        </Notice>
      )}
      <div className="grid gap-5 md:grid-cols-3">
        {FIELDS.map(({ id, label, autoComplete }) => {
          const hint = id === "newPassword" ? newHint : undefined;
          return (
            <Field key={id} id={id} label={label} hint={hint} error={errors[id]}>
              <Input
                {...controlProps(id, errors[id], hint)}
                type="password"
                autoComplete={autoComplete}
                value={values[id]}
                onChange={(e) => setValues((current) => ({ ...current, [id]: e.target.value }))}
                maxLength={200}
              />
            </Field>
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Changing…" : "Change password"}
        </Button>
      </div>
    </form>
  );
}
