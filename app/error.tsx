"use client";

import { PageError, type PageErrorProps } from "@/components/page-error";

/** Sign-in, password and wallet pages, or the dashboard's frame itself, that failed to load. */
export default function RootError({ error, retry }: Omit<PageErrorProps, "homeHref">) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <PageError error={error} retry={retry} />
    </main>
  );
}
