import Form from "next/form";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button-classes";
import { Input } from "@/components/ui/input";

export interface BalanceWindowFormProps {
  action: string;
  from?: string;
  to?: string;
  csvHref: string;
}

/** The date window of the history (UTC days, in the URL) and its CSV export. */
export function BalanceWindowForm({ action, from, to, csvHref }: BalanceWindowFormProps) {
  return (
    <Form action={action} className="flex flex-wrap items-end gap-3 border-b border-zinc-200 px-5 py-3" aria-label="Balance history window">
      <div className="w-40 space-y-1">
        <label htmlFor="window-from" className="block text-xs font-medium text-zinc-600">
          From (UTC)
        </label>
        <Input id="window-from" name="from" type="date" defaultValue={from ?? ""} className="h-9" />
      </div>
      <div className="w-40 space-y-1">
        <label htmlFor="window-to" className="block text-xs font-medium text-zinc-600">
          To (UTC, included)
        </label>
        <Input id="window-to" name="to" type="date" defaultValue={to ?? ""} className="h-9" />
      </div>
      <button type="submit" className={buttonClasses("secondary")}>
        Apply
      </button>
      {(from || to) && (
        <Link href={action} className={buttonClasses("ghost")}>
          All time
        </Link>
      )}
      <a href={csvHref} download className={buttonClasses("secondary", "md", "ml-auto")}>
        Download CSV
      </a>
    </Form>
  );
}
