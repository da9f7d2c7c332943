import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";

/** An address that matches no page at all (the dashboard's own pages answer their 404s inside its frame). */
export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4">
      <div className="max-w-md space-y-4 text-center" data-testid="not-found">
        <p className="text-sm font-medium text-zinc-500">404</p>
        <h1 className="text-2xl font-semibold text-zinc-900">Page not found</h1>
        <p className="text-sm text-zinc-600">Nothing is at this address. Check the link, or go to the dashboard.</p>
        <Link href="/" className={buttonClasses("primary")}>
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
