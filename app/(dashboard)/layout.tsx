import type { ReactNode } from "react";
import { headers } from "next/headers";
import Link from "next/link";
import { REQUEST_PATH_HEADER, safeNextPath } from "@/lib/auth/dashboard-access";
import { readSession, requireSession } from "@/lib/auth/session";
import { DashboardHeader } from "./_components/dashboard-header";
import { DashboardUnavailable } from "./_components/dashboard-unavailable";
import { SidebarNav } from "./_components/sidebar-nav";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // The sign-in could not be checked: said on the page asked for, not by sending the user to sign in.
  if ((await readSession()) === "unavailable") return <DashboardUnavailable requestedPath={safeNextPath((await headers()).get(REQUEST_PATH_HEADER))} />;
  const { user } = await requireSession();
  return (
    <div className="flex min-h-screen">
      {/* The first Tab stop: a keyboard user jumps past the sidebar's links to the page itself. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
      >
        Skip to main content
      </a>
      <aside className="sticky top-0 hidden h-screen w-60 shrink-0 overflow-y-auto border-r border-zinc-200 bg-zinc-100/70 px-3 py-4 md:block">
        <Link href="/" prefetch={false} className="mb-6 flex items-center gap-2 px-3">
          <span className="flex size-7 items-center justify-center rounded-md bg-brand-600 text-sm font-bold text-white">S</span>
          <span className="text-sm font-semibold text-zinc-900">Service</span>
        </Link>
        <SidebarNav />
      </aside>
      <div className="min-w-0 flex-1">
        <DashboardHeader user={user} />
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none md:px-8 md:py-8">{children}</main>
      </div>
    </div>
  );
}
