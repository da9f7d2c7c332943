"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { describeWait, readSignInError, type SignInProblem } from "@/lib/auth/sign-in-errors";

/** `next`: the page to go on to once signed in (a same-site path, checked by the page). */
export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setProblem(null);
    const result = await signIn("credentials", {
      redirect: false,
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    }).catch(() => undefined);
    if (result?.ok) {
      router.replace(next);
      router.refresh();
      return;
    }
    setPending(false);
    setProblem(readSignInError(result?.error));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {problem?.code === "WRONG_CREDENTIALS" && (
        <Notice tone="error" testId="login-error">
          Wrong email or password.
        </Notice>
      )}
      {problem?.code === "TOO_MANY_ATTEMPTS" && (
        <Notice tone="error" testId="login-error">
          Too many failed sign-ins for this email. Try again in {describeWait(problem.retryAfterSeconds)}.
        </Notice>
      )}
      {problem?.code === "TOO_MANY_ATTEMPTS_FROM_IP" && (
        <Notice tone="error" testId="login-error">
          Too many failed sign-ins from your network (IP address), whatever the email. Every sign-in from it is refused for now; try again in{" "}
          {describeWait(problem.retryAfterSeconds)}.
        </Notice>
      )}
      {problem?.code === "UNAVAILABLE" && (
        <Notice tone="error" testId="login-error">
          Sign-in is unavailable right now. Try again in a moment.
        </Notice>
      )}
      <Field id="email" label="Email">
        <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
      </Field>
      <Field id="password" label="Password">
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
