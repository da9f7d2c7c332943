"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { NAV_GROUPS } from "./nav-items";

function isActive(pathname: string, href: string) {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * Not prefetched: the sidebar is on every page, and each router.refresh() (after an action, or a
 * live page's tick) would fetch all of its pages again, one server render each. A click loads only
 * the page it opens.
 */
export function SidebarNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Dashboard" className="space-y-6">
      {NAV_GROUPS.map((group, i) => (
        <div key={group.label ?? i}>
          {group.label && <p className="mb-1.5 px-3 text-xs font-medium tracking-wide text-zinc-600 uppercase">{group.label}</p>}
          <ul className="space-y-0.5">
            {group.items.map((item) => {
              const active = isActive(pathname, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    prefetch={false}
                    aria-current={active ? "page" : undefined}
                    className={`block rounded-md px-3 py-1.5 text-sm ${
                      active ? "bg-white font-medium text-brand-700 shadow-xs ring-1 ring-zinc-200" : "text-zinc-600 hover:bg-zinc-200/60 hover:text-zinc-900"
                    }`}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
