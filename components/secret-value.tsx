import { CopyButton } from "./copy-button";

export interface SecretValueProps {
  label: string;
  value: string;
  testId?: string;
}

/** A credential shown in full, selectable, with a copy button. */
export function SecretValue({ label, value, testId }: SecretValueProps) {
  return (
    <div>
      <p className="mb-1 text-xs font-medium tracking-wide text-zinc-500 uppercase">{label}</p>
      <div className="flex items-center gap-2">
        <code data-testid={testId} className="flex-1 truncate rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 font-mono text-xs text-zinc-900 select-all">
          {value}
        </code>
        <CopyButton value={value} label={label.toLowerCase()} />
      </div>
    </div>
  );
}
