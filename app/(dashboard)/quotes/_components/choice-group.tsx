/** A segmented single choice (radio semantics), as the customer form's type switch. */
export function ChoiceGroup<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void }) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex flex-wrap rounded-md border border-zinc-300 p-0.5">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          onClick={() => onChange(o.value)}
          className={`rounded px-3 py-1.5 text-sm font-medium ${value === o.value ? "bg-brand-600 text-white shadow-sm" : "text-zinc-600 hover:bg-zinc-100"}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
