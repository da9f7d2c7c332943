"use client";

import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { describeWait } from "@/lib/auth/sign-in-errors";
import { describeActionError, type ActionError, type ActionResult } from "@/lib/client/action-result";
import { Button } from "@/components/ui/button";
import { Field, controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";

type FieldId = "currentPassword" | "newPassword" | "confirmPassword";
type Values = Record<FieldId, string>;
const EMPTY: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };

export interface ChangePasswordFormProps {
  minLength: number;
  /** The server action that changes the signed-in user's password (input: Values). */
  action: (input: Values) => Promise<ActionResult<{ email: string }>>;
  /**
   * The forced change of a temporary password: where to go once it is done (the page the user
   * asked for, or the overview). Without it, the form stays and says it is done (Team page).
   */
  continueTo?: string;
}

/**
 * The signed-in user's own password: the current one, the new one twice. The change ends every
 * session signed in with the old password, this one included, so this browser signs in again
 * with the new one at once.
 */
export function ChangePasswordForm({ minLength, action, continueTo }: ChangePasswordFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [error, setError] = useState<ActionError | null>(null);
  const [isDone, setIsDone] = useState(false);
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const errors = error?.fieldErrors ?? {};
  const isFirstChoice = continueTo !== undefined;
  const fields: { id: FieldId; label: string; autoComplete: string; hint?: string }[] = [
    { id: "currentPassword", label: isFirstChoice ? "Temporary password" : "Current password", autoComplete: "current-password" },
    { id: "newPassword", label: "New password", autoComplete: "new-password", hint: `At least ${minLength} characters.` },
    { id: "confirmPassword", label: "Repeat the new password", autoComplete: "new-password" },
  ];

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setIsDone(false);
    startTransition(async () => {
      const result = await action(values);
      if (!result.ok) return setError(result.error);
      const signedIn = await signIn("credentials", { redirect: false, email: result.data.email, password: values.newPassword }).catch(() => undefined);
      if (!signedIn?.ok) return window.location.assign("/login");
      if (isFirstChoice) {
        router.replace(continueTo);
        router.refresh();
        return;
      }
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
          {describePasswordError(error)}
        </Notice>
      )}
      {isDone && (
        <Notice tone="success" testId="change-password-done">
          Password changed. You stay signed in here; sessions in other browsers have been signed out.
        </Notice>
      )}
      <div className={isFirstChoice ? "space-y-4" : "grid gap-5 md:grid-cols-3"}>
        {fields.map(({ id, label, autoComplete, hint }) => (
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
        ))}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} className={isFirstChoice ? "w-full" : undefined}>
          {pending ? "Changing…" : isFirstChoice ? "Save and continue" : "Change password"}
        </Button>
      </div>
    </form>
  );
}

function describePasswordError(error: ActionError): string {
  switch (error.code) {
    case "WRONG_PASSWORD":
      return "Your current password is not right. Nothing was changed.";
    case "TOO_MANY_ATTEMPTS":
      return `Too many wrong passwords for your email. Try again in ${describeWait(error.retryAfterSeconds ?? 60)}. Nothing was changed.`;
    default:
      return describeActionError(error);
  }
}
