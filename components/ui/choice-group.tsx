"use client";

import { useRef, type KeyboardEvent } from "react";

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A segmented single choice with radio semantics (the WAI-ARIA radio group): one Tab stop, on the
 * chosen option; the arrow keys choose the next or previous option (wrapping) and focus moves with it.
 */
export function ChoiceGroup<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabStop = Math.max(0, options.findIndex((o) => o.value === value));

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next]!.value);
    buttons.current[next]?.focus();
  }

  return (
    <div role="radiogroup" aria-label={label} className="inline-flex flex-wrap rounded-md border border-zinc-300 p-0.5">
      {options.map((o, index) => (
        <button
          key={o.value}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          tabIndex={index === tabStop ? 0 : -1}
          onClick={() => onChange(o.value)}
          onKeyDown={(event) => onKeyDown(event, index)}
          className={`rounded px-3 py-1.5 text-sm font-medium ${value === o.value ? "bg-brand-600 text-white shadow-sm" : "text-zinc-600 hover:bg-zinc-100"}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
