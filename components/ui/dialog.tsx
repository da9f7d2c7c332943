"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

export interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Escape calls it; the dialog closes when the caller sets `open` to false. */
  onCancel: () => void;
  /** A bar below the content, for the dialog's buttons. */
  footer?: ReactNode;
  size?: "md" | "lg";
}

const WIDTHS = { md: "max-w-md", lg: "max-w-2xl" } as const;

/** What had focus when the dialog opened, and the elements that held it, for when it is gone. */
interface Opener {
  element: HTMLElement;
  ancestors: HTMLElement[];
  isWatched?: boolean;
}

function openerOf(element: Element | null): Opener | null {
  if (!(element instanceof HTMLElement)) return null;
  const ancestors: HTMLElement[] = [];
  for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) ancestors.push(parent);
  return { element, ancestors };
}

function isFocusLost(dialog: HTMLDialogElement | null): boolean {
  const current = document.activeElement;
  return !current || current === document.body || (dialog?.contains(current) ?? false) || !current.isConnected;
}

/**
 * Puts focus back on what opened the dialog (the button, usually) once it closes or unmounts, if
 * focus was left nowhere useful (the body, or the dialog itself). Chromium restores it after
 * close() but not when a caller unmounts an open dialog.
 *
 * The action often removes the opener itself (a revoked token's row, a removed member), at once or
 * in the refresh that follows: focus would fall to the top of the page. Then it goes to the heading
 * of the section that held the opener (or the page's), so Tab goes on from where the user was.
 */
function returnFocus(opener: Opener | null, dialog: HTMLDialogElement | null) {
  if (!opener) return;
  if (isFocusLost(dialog)) {
    if (!opener.element.isConnected) return focusNear(opener);
    opener.element.focus();
  }
  // Chromium's close() may have put focus back itself: watch the opener either way, once.
  if (document.activeElement !== opener.element || opener.isWatched) return;
  opener.isWatched = true;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener("focusin", stop);
  };
  const observer = new MutationObserver(() => {
    if (opener.element.isConnected) return;
    stop();
    if (isFocusLost(null)) focusNear(opener);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(stop, 10_000);
  document.addEventListener("focusin", stop); // the user moved on
}

function focusNear(opener: Opener) {
  const held = opener.ancestors.find((element) => element.isConnected);
  const container = held?.closest<HTMLElement>("section, main") ?? document.querySelector<HTMLElement>("main");
  if (!container) return;
  const target = container.querySelector<HTMLElement>("h1, h2, h3") ?? container;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
}

/** A modal with a title, shown while `open`. */
export function Dialog({ open, title, children, onCancel, footer, size = "md" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Opener | null>(null);
  const isOpenRef = useRef(open);
  // One id per dialog: a page may hold several, each must name its own title.
  const titleId = useId();

  useEffect(() => {
    isOpenRef.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = openerOf(document.activeElement);
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener.current, dialog);
    }
  }, [open]);

  // A caller that unmounts the dialog instead of closing it (`{asking && <ConfirmDialog open …/>}`).
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (isOpenRef.current) queueMicrotask(() => returnFocus(opener.current, dialog));
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      // The browser may close it without a cancellable cancel event (Escape pressed twice with no
      // click between): the caller must still learn it is closed, or `open` stays true and it cannot reopen.
      onClose={() => {
        if (isOpenRef.current) onCancel();
        returnFocus(opener.current, ref.current);
      }}
      className={`m-auto w-full ${WIDTHS[size]} rounded-lg text-left border border-zinc-200 bg-white p-0 shadow-xl backdrop:bg-zinc-900/40`}
    >
      <div className="px-6 pt-5 pb-4">
        <h2 id={titleId} className="text-base font-semibold text-zinc-900">
          {title}
        </h2>
        <div className="mt-2 text-sm text-zinc-600">{children}</div>
      </div>
      {footer && <div className="flex justify-end gap-2 rounded-b-lg border-t border-zinc-200 bg-zinc-50 px-6 py-3">{footer}</div>}
    </dialog>
  );
}
