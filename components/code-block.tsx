import { CopyButton } from "./copy-button";

export interface CodeBlockProps {
  code: string;
  /** Names the copy button: "Copy curl example". */
  label?: string;
  testId?: string;
  /** Break long lines (keys, tokens) instead of scrolling them sideways. */
  wrap?: boolean;
}

export function CodeBlock({ code, label, testId, wrap = false }: CodeBlockProps) {
  return (
    <div className="relative rounded-md border border-zinc-800 bg-zinc-900">
      {label && (
        <div className="absolute top-2 right-2">
          <CopyButton value={code} label={label} />
        </div>
      )}
      {/* Focusable: a line wider than the box scrolls, and a keyboard must be able to scroll it too. */}
      <pre data-testid={testId} tabIndex={0} className={`overflow-x-auto px-4 py-3 pr-20 font-mono text-xs leading-relaxed text-zinc-100 ${wrap ? "break-all whitespace-pre-wrap" : ""}`}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
