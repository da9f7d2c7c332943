"use client";

import "./globals.css";
import { PageError, type PageErrorProps } from "@/components/page-error";

/** The root layout itself failed: this replaces it, so it brings its own document and styles. */
export default function GlobalError({ error, retry }: Omit<PageErrorProps, "homeHref">) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans text-sm">
        <main className="mx-auto max-w-2xl px-4 py-16">
          <PageError error={error} retry={retry} />
        </main>
      </body>
    </html>
  );
}
