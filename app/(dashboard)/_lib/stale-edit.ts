import type { ActionError } from "@/lib/client/action-result";

/**
 * Two staff members may edit the same thing from pages opened at different times. An edit form
 * sends the values it was opened with beside the edited ones; the action compares them with what
 * is stored now, unit by unit (a unit is a field path as the PATCH writes it: "address" is replaced
 * whole, "businessInfo.taxId" on its own), so it sends only what this user changed and refuses
 * when someone else changed the same unit meanwhile, instead of silently writing it back.
 */
export interface StaleEdit {
  /** Units this user changed: the only ones to send. */
  changed: string[];
  /** Changed units that someone else also changed since the form was opened. */
  conflicts: string[];
}

function at(value: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** Equal as JSON, whatever the order of object keys (a parsed form keeps its schema's order). */
function same(a: unknown, b: unknown): boolean {
  const sorted = (_key: string, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => (x < y ? -1 : 1))) : value;
  return JSON.stringify(a, sorted) === JSON.stringify(b, sorted);
}

export function staleEdit<T>(units: readonly string[], { opened, edited, current }: { opened: T; edited: T; current: T }): StaleEdit {
  const changed = units.filter((unit) => !same(at(opened, unit), at(edited, unit)));
  return { changed, conflicts: changed.filter((unit) => !same(at(opened, unit), at(current, unit))) };
}

/** `body` with only the given units: nested ones ("a.b") keep their parent object around them. */
export function pickUnits<T extends object>(body: T, units: readonly string[]): Partial<T> {
  const picked: Record<string, unknown> = {};
  for (const unit of units) {
    const value = at(body, unit);
    if (value === undefined) continue;
    const keys = unit.split(".");
    const leaf = keys.pop()!;
    let node = picked;
    for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
    node[leaf] = value;
  }
  return picked as Partial<T>;
}

/** The refusal: which fields someone else changed, and what to do. Nothing was written. */
export function staleEditError(conflicts: readonly string[]): ActionError {
  return {
    code: "EDIT_CONFLICT",
    status: 409, // as the API's own conflicts: the page is out of date (useAction refreshes it)
    message: "Someone else changed this since you opened the page, so nothing was saved. Reload the page to see their changes, then make yours again.",
    fieldErrors: Object.fromEntries(conflicts.map((unit) => [unit, "was changed by someone else since you opened this page"])),
  };
}
