import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { safeNextPath } from "@/lib/auth/dashboard-access";
import { getSignedInSession } from "@/lib/auth/session";
import { LoginForm } from "./_components/login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  // The page a signed-out user asked for (requireSession's signInUrl): where signing in leads.
  const { next: asked } = await searchParams;
  const next = safeNextPath(typeof asked === "string" ? asked : undefined);
  // Signed in already: that page (or, with a temporary password, the change-password screen first).
  const session = await getSignedInSession();
  if (session?.user) redirect(next);
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <div className="mx-auto mb-4 flex size-10 items-center justify-center rounded-lg bg-brand-600 text-lg font-bold text-white">S</div>
          <h1 className="text-xl font-semibold text-zinc-900">Sign in to the dashboard</h1>
          <p className="mt-1 text-sm text-zinc-500">Staff access for your platform.</p>
        </div>
        <div className="rounded-lg border border-zinc-200 bg-white p-6 shadow-sm">
          <LoginForm next={next} />
        </div>
      </div>
    </main>
  );
}
