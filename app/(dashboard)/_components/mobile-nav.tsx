"use client";

import { usePathname } from "next/navigation";
import { useState } from "react";
import { SidebarNav } from "./sidebar-nav";

/**
 * Below the md breakpoint the sidebar is hidden: a Menu button in the header opens the same
 * navigation as a panel under the header, and it closes once a page is chosen. The panel starts
 * with the platform's whole name, which the header may have had to cut short.
 */
export function MobileNav({ platformName }: { platformName: string }) {
  const pathname = usePathname();
  const [isOpen, setIsOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(pathname);
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setIsOpen(false);
  }
  return (
    <div className="md:hidden">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls="mobile-nav"
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex h-9 items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-2.5 text-sm font-medium text-zinc-800 shadow-sm hover:bg-zinc-50"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path fillRule="evenodd" d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm.75 4.5a.75.75 0 0 0 0 1.5h14.5a.75.75 0 0 0 0-1.5H2.75Z" clipRule="evenodd" />
        </svg>
        {/* Icon only on a phone, so the platform's name keeps the room; still named "Menu". */}
        <span className="sr-only sm:not-sr-only">Menu</span>
      </button>
      {isOpen && (
        <div id="mobile-nav" className="absolute inset-x-0 top-full max-h-[calc(100vh-3.5rem)] overflow-y-auto border-b border-zinc-200 bg-zinc-50 px-3 py-4 shadow-md">
          <p className="px-3 text-xs font-medium tracking-wide text-zinc-500 uppercase">Platform</p>
          <p data-testid="mobile-nav-platform-name" className="mb-4 px-3 font-semibold break-words text-zinc-900">
            {platformName}
          </p>
          <SidebarNav />
        </div>
      )}
    </div>
  );
}
