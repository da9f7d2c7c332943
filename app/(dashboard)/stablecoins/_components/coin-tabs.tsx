import Link from "next/link";
import type { components } from "@/lib/client/generated/schema";

type Stablecoin = components["schemas"]["Stablecoin"];

/**
 * Chooses whose operations the list shows: the API lists operations per stablecoin. Not prefetched:
 * the list refreshes every few seconds while an operation moves, and each refresh would render the
 * page again once per tab.
 */
export function CoinTabs({ coins, current, hrefOf }: { coins: Stablecoin[]; current: string; hrefOf: (coinId: string) => string }) {
  return (
    <nav aria-label="Operations of" className="mb-4 flex flex-wrap gap-1 border-b border-zinc-200">
      {coins.map((c) => (
        <Link
          key={c.id}
          href={hrefOf(c.id)}
          prefetch={false}
          aria-current={c.id === current ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${c.id === current ? "border-brand-600 text-brand-700" : "border-transparent text-zinc-500 hover:text-zinc-800"}`}
        >
          {c.symbol} <span className="font-mono text-xs text-zinc-500">{c.providerTokenIdentifier}</span>
        </Link>
      ))}
    </nav>
  );
}
