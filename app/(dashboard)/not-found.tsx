import Link from "next/link";
import { headers } from "next/headers";
import { REQUEST_PATH_HEADER } from "@/lib/auth/dashboard-access";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card } from "@/components/ui/card";
import { decodedSegment } from "@/components/resource-id";

/** What each area's detail pages show, by the path's first segment: "/customers/…" → a customer. */
const SECTIONS: Record<string, { thing: string; list: string }> = {
  customers: { thing: "customer", list: "Customers" },
  accounts: { thing: "account", list: "Accounts" },
  quotes: { thing: "quote", list: "Quotes" },
  transactions: { thing: "transaction", list: "Transactions" },
  cards: { thing: "card", list: "Cards" },
  stablecoins: { thing: "stablecoin operation", list: "Stablecoins" },
  agents: { thing: "agent", list: "Agents" },
  invitations: { thing: "invitation", list: "Invitations" },
  webhooks: { thing: "webhook event", list: "Webhooks" },
  "api-tokens": { thing: "API token", list: "API tokens" },
  "api-reference": { thing: "API reference page", list: "API reference" },
};

/** Deeper paths whose pages show another thing than their area's: "/api-reference/schemas/…" → a schema. */
const SUBSECTIONS: Record<string, { thing: string; list: string }> = {
  "api-reference/schemas": { thing: "schema", list: "API reference" },
};

const ID = /^[A-Za-z]+:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The segment decoded for display, or as it came when its escapes are malformed. */
function decoded(segment: string): string {
  return decodedSegment(segment) ?? segment;
}

/**
 * A dashboard page that does not exist (notFound(): an unknown id, a word where an id goes),
 * inside the dashboard's frame: says what was looked for and leads back to its list and the overview.
 */
export default async function DashboardNotFound() {
  const path = ((await headers()).get(REQUEST_PATH_HEADER) ?? "").split("?")[0] ?? "";
  const [area = "", ...rest] = path.split("/").filter(Boolean);
  const section = SUBSECTIONS[`${area}/${rest[0]}`] ?? SECTIONS[area];
  const last = decoded(rest.at(-1) ?? "");
  const isId = ID.test(last);
  const title = section ? `${section.thing.charAt(0).toUpperCase()}${section.thing.slice(1)} not found` : "Page not found";

  return (
    <Card>
      <div className="space-y-4 py-6 text-center" data-testid="not-found">
        <p className="text-sm font-medium text-zinc-500">404</p>
        <h1 className="text-2xl font-semibold text-zinc-900">{title}</h1>
        <p className="mx-auto max-w-xl text-sm break-words text-zinc-600">
          {section && isId ? (
            <>
              No {section.thing} has the id <code className="font-mono text-xs text-zinc-800">{last}</code> on this platform. It may belong to another platform, or the link is mistyped.
            </>
          ) : (
            <>
              This page could not be found{path ? <> at <code className="font-mono text-xs text-zinc-800">{decoded(path)}</code></> : null}. Check the link, or go back to a list.
            </>
          )}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {section && (
            <Link href={`/${area}`} className={buttonClasses("primary")}>
              Back to {section.list}
            </Link>
          )}
          <Link href="/" className={buttonClasses(section ? "secondary" : "primary")}>
            Go to the overview
          </Link>
        </div>
      </div>
    </Card>
  );
}
