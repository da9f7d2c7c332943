import { CopyIconButton } from "@/components/copy-button";

/** How many trailing characters always show: the random end of a UUIDv7, which tells ids apart. */
const TAIL = 8;

export interface TruncatedIdProps {
  id: string;
  /** For the copy button's accessible name: "transaction id". */
  label: string;
  /** Tailwind max-width of the id text, e.g. "max-w-40". */
  maxWidth?: string;
  className?: string;
}

/**
 * A long id shortened in the middle ("InternalAccount:01a2…a1edd226") with the whole id in the
 * tooltip and a copy button. The text stays the full id, so selecting, find-in-page and search
 * still see all of it; only its middle is clipped on screen.
 */
export function TruncatedId({ id, label, maxWidth = "max-w-44", className = "" }: TruncatedIdProps) {
  const head = id.length > TAIL * 2 ? id.slice(0, -TAIL) : id;
  const tail = id.length > TAIL * 2 ? id.slice(-TAIL) : "";
  return (
    <span className={`flex max-w-full min-w-0 items-center gap-1 ${className}`}>
      <code title={id} className={`flex min-w-0 font-mono text-xs text-zinc-500 ${maxWidth}`}>
        <span className="truncate">{head}</span>
        {tail && <span className="shrink-0">{tail}</span>}
      </code>
      <CopyIconButton value={id} label={label} />
    </span>
  );
}
