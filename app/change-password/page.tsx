import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { changePasswordUrl, safeNextPath } from "@/lib/auth/dashboard-access";
import { readSession } from "@/lib/auth/session";
import { MIN_PASSWORD_LENGTH } from "@/lib/service/staff/schemas";
import { ChangePasswordForm } from "@/components/change-password-form";
import { DashboardUnavailable } from "@/app/(dashboard)/_components/dashboard-unavailable";
import { SignOutButton } from "@/components/sign-out-button";
import { chooseNewPasswordAction } from "./actions";

export const metadata: Metadata = { title: "Choose a new password" };

/**
 * Where every dashboard page sends a user whose password someone else set (lib/auth/session.ts):
 * they choose their own, then go on to the page they asked for (`next`) or the overview.
 */
export default async function ChangePasswordPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const session = await readSession();
  const { next } = await searchParams;
  const continueTo = safeNextPath(typeof next === "string" ? next : undefined);
  // The sign-in could not be checked (database outage): not signed out, so not sent to sign in.
  if (session === "unavailable") return <DashboardUnavailable requestedPath={changePasswordUrl(continueTo)} />;
  if (!session) redirect("/login");
  // A password of one's own is changed under Team → Your password.
  if (!session.user.hasTemporaryPassword) redirect(continueTo);
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <div className="mx-auto mb-4 flex size-10 items-center justify-center rounded-lg bg-brand-600 text-lg font-bold text-white">S</div>
          <h1 className="text-xl font-semibold text-zinc-900">Choose a new password</h1>
          <p className="mt-1 text-sm text-zinc-500" data-testid="change-password-reason">
            You signed in as {session.user.email} with a temporary password that someone else set. Choose your own to open the dashboard.
          </p>
        </div>
        <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm">
          <ChangePasswordForm minLength={MIN_PASSWORD_LENGTH} action={chooseNewPasswordAction} continueTo={continueTo} />
        </div>
        <div className="mt-4 flex justify-center">
          <SignOutButton />
        </div>
      </div>
    </main>
  );
}
