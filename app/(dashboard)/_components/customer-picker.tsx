"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { callAction, describeActionError } from "@/lib/client/action-result";
import { nextEnabledIndex } from "@/components/listbox-navigation";
import { Field, controlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { customerLabel, parseCustomerQuery, searchSummary, type CustomerOption, type CustomerSearchResult } from "../customers/_lib/customer-search";
import { searchCustomersAction } from "../customers/search-actions";

const DEBOUNCE_MS = 250;

export interface CustomerPickerProps {
  id: string;
  label: string;
  value: CustomerOption | null;
  onChange: (customer: CustomerOption | null) => void;
  /** Offer only individuals or only businesses. */
  customerType?: "INDIVIDUAL" | "BUSINESS";
  /** Why a customer cannot be picked here ("KYC not approved"): it is listed, disabled, with the reason. */
  unavailableReason?: (customer: CustomerOption) => string | undefined;
  /** Sends the picked id with a plain form under this name. */
  name?: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  className?: string;
}

type Search = { status: "idle" } | { status: "loading"; query: string } | { status: "done"; query: string; result: CustomerSearchResult } | { status: "failed"; query: string; message: string };

/**
 * Search-as-you-type customer picker (WAI-ARIA combobox with a listbox): type part of a name or
 * id, your customer ID, a $UMA address or paste a `Customer:` id; arrows move, Enter picks,
 * Escape closes (and then clears). Searches GET /customers through searchCustomersAction.
 */
export function CustomerPicker({ id, label, value, onChange, customerType, unavailableReason, name, error, hint, disabled, className }: CustomerPickerProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [search, setSearch] = useState<Search>({ status: "idle" });
  const request = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const text = draft ?? (value ? customerLabel(value) : "");
  const options = search.status === "done" ? search.result.customers : [];
  const reasons = options.map((o) => unavailableReason?.(o));
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  function runSearch(query: string, delay: number) {
    clearTimeout(timer.current);
    const current = ++request.current;
    setSearch({ status: "loading", query });
    setActive(-1);
    timer.current = setTimeout(async () => {
      const result = await callAction(searchCustomersAction, { query, customerType }).catch(() => null);
      if (current !== request.current) return; // a later keystroke owns the list now
      if (!result) return setSearch({ status: "failed", query, message: "The dashboard could not reach the server. Check your connection and try again." });
      if (!result.ok) return setSearch({ status: "failed", query, message: describeActionError(result.error) });
      setSearch({ status: "done", query, result: result.data });
    }, delay);
  }

  function open() {
    setOpen(true);
    const query = draft ?? "";
    if (search.status === "idle" || search.query !== query) runSearch(query, 0);
  }

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function pick(index: number) {
    const option = options[index];
    if (!option || reasons[index]) return;
    onChange(option);
    setDraft(null);
    close();
  }

  function type(next: string) {
    setDraft(next);
    if (value) onChange(null);
    setOpen(true);
    runSearch(next, DEBOUNCE_MS);
  }

  function clear() {
    setDraft("");
    if (value) onChange(null);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const enabled = reasons.map((r) => !r);
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        event.preventDefault();
        if (!isOpen) return open();
        setActive(nextEnabledIndex(enabled, active, event.key === "ArrowDown" ? 1 : -1));
        return;
      case "Enter": {
        if (!isOpen) return;
        event.preventDefault(); // picks; never submits the form while the list is open
        const only = enabled.filter(Boolean).length === 1 ? enabled.indexOf(true) : -1;
        pick(active >= 0 ? active : only);
        return;
      }
      case "Escape":
        if (isOpen) {
          event.preventDefault();
          return close();
        }
        if (text) clear();
        return;
      case "Tab":
        close();
    }
  }

  const message = statusText(search);
  const control = controlProps(id, error, hint);
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <Input
          {...control}
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={isOpen && active >= 0 ? optionId(active) : undefined}
          aria-describedby={[control["aria-describedby"], `${id}-status`].filter(Boolean).join(" ")}
          autoComplete="off"
          spellCheck={false}
          placeholder="Name, your ID, $uma@… or Customer:…"
          value={text}
          disabled={disabled}
          onChange={(e) => type(e.target.value)}
          onFocus={(e) => (value ? e.target.select() : open())}
          onClick={() => !isOpen && !value && open()}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={value && !disabled ? "pr-16" : undefined}
        />
        {value && !disabled && (
          <button type="button" onClick={clear} aria-label={`Clear ${label.toLowerCase()}`} className="absolute top-1/2 right-2 -translate-y-1/2 rounded px-1.5 text-xs text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800">
            Clear
          </button>
        )}
        <div className={isOpen ? "absolute inset-x-0 z-20 mt-1 overflow-hidden rounded-md border border-zinc-200 bg-white shadow-lg" : "sr-only"}>
          <ul role="listbox" id={listboxId} aria-label={label} hidden={!isOpen || options.length === 0} className="max-h-72 overflow-y-auto py-1">
            {isOpen &&
              options.map((o, index) => (
                <li
                  key={o.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  aria-disabled={reasons[index] ? true : undefined}
                  onMouseDown={(e) => e.preventDefault()} // keeps focus in the input
                  onClick={() => pick(index)}
                  onMouseEnter={() => !reasons[index] && setActive(index)}
                  className={`cursor-pointer px-3 py-2 text-sm ${reasons[index] ? "cursor-not-allowed text-zinc-400" : index === active ? "bg-brand-50 text-brand-900" : "text-zinc-800"}`}
                >
                  <span className="block font-medium">{customerLabel(o)}</span>
                  <span className="block text-xs text-zinc-500">
                    {o.customerType === "BUSINESS" ? "Business" : "Individual"} · {o.customerType === "BUSINESS" ? "KYB" : "KYC"} {o.verificationStatus}
                    {reasons[index] && <> · {reasons[index]}</>} · <span className="font-mono">{o.id}</span>
                  </span>
                </li>
              ))}
          </ul>
          <p id={`${id}-status`} role="status" className={`px-3 py-2 text-xs ${search.status === "failed" ? "font-medium text-red-700" : "text-zinc-500"} ${options.length > 0 ? "border-t border-zinc-100" : ""}`}>
            {isOpen ? message : ""}
          </p>
        </div>
      </div>
      {name && <input type="hidden" name={name} value={value?.id ?? ""} />}
    </Field>
  );
}

function statusText(search: Search): string {
  switch (search.status) {
    case "idle":
      return "";
    case "loading":
      return "Searching customers…";
    case "failed":
      return `Could not search customers: ${search.message}`;
    case "done":
      return searchSummary(parseCustomerQuery(search.query), search.result);
  }
}
