import type { Session } from "next-auth";
import { StatusBadge } from "@/components/status-badge";
import { SignOutButton } from "@/components/sign-out-button";
import { MobileNav } from "./mobile-nav";

const ROLE_LABELS = { ADMIN: "Admin", OPERATOR: "Operator", SUPPORT: "Support" } as const;

export function DashboardHeader({ user }: { user: Session["user"] }) {
  const isSandbox = user.environment === "SANDBOX";
  return (
    <header className="sticky top-0 z-10 flex h-14 items-center justify-between gap-3 border-b border-zinc-200 bg-white/90 px-4 backdrop-blur md:px-8">
      <div className="flex min-w-0 items-center gap-2.5">
        <MobileNav platformName={user.platformName} />
        {/* On a phone the environment goes under the name, so the name keeps the row's width; a name
            longer still is cut short: the title shows it whole on hover, and the Menu panel spells it out. */}
        <div className="flex min-w-0 flex-col items-start gap-0.5 sm:flex-row sm:items-center sm:gap-2.5">
          <span data-testid="platform-name" title={user.platformName} className="max-w-full truncate text-sm leading-tight font-semibold text-zinc-900 sm:text-base">
            {user.platformName}
          </span>
          <StatusBadge tone={isSandbox ? "warning" : "success"}>{isSandbox ? "Sandbox" : "Production"}</StatusBadge>
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {/* On a phone the role badge and Sign out are what fit; the name and email would push them off screen. */}
        <div className="hidden text-right leading-tight sm:block">
          <p className="text-sm font-medium text-zinc-900">{user.name || user.email}</p>
          <p className="text-xs text-zinc-500">{user.email}</p>
        </div>
        <StatusBadge tone="brand">
          <span data-testid="user-role">{ROLE_LABELS[user.role]}</span>
        </StatusBadge>
        <SignOutButton />
      </div>
    </header>
  );
}
