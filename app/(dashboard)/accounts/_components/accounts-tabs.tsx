import Link from "next/link";

const TABS = [
  { href: "/accounts", label: "Internal accounts" },
  { href: "/accounts/external", label: "External accounts" },
] as const;

/** Switches between the two kinds of accounts. */
export function AccountsTabs({ current }: { current: (typeof TABS)[number]["href"] }) {
  return (
    <nav aria-label="Account kinds" className="mb-6 flex gap-1 border-b border-zinc-200">
      {TABS.map((tab) => (
        <Link
          key={tab.href}
          href={tab.href}
          aria-current={tab.href === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab.href === current ? "border-brand-600 text-brand-700" : "border-transparent text-zinc-500 hover:text-zinc-800"}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
