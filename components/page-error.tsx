"use client";

import Link from "next/link";
import { useEffect } from "react";
import { SESSION_UNAVAILABLE_DIGEST } from "@/lib/auth/dashboard-access";
import { Button } from "./ui/button";
import { buttonClasses } from "./ui/button-classes";

export interface PageErrorProps {
  error: Error & { digest?: string };
  /** Fetches the page afresh and renders it again. */
  retry: () => void;
  /** Where "Go to the overview" leads: the dashboard's own; none outside it (sign-in, a wallet's end user). */
  homeHref?: string;
}

/**
 * What a page that failed to load shows instead of the framework's bare error screen: that it
 * failed, a way to load it again, and, for an error on the server, the reference it was logged
 * under so support can find it.
 */
export function PageError({ error, retry, homeHref }: PageErrorProps) {
  useEffect(() => console.error(error), [error]);
  // The sign-in could not be checked (lib/auth/session.ts): not an error to quote, and not signed out.
  if (error.digest === SESSION_UNAVAILABLE_DIGEST)
    return (
      <div role="alert" className="space-y-4 py-6 text-center" data-testid="dashboard-unavailable">
        <h1 className="text-2xl font-semibold text-zinc-900">The dashboard is unavailable for a moment</h1>
        <p className="mx-auto max-w-xl text-sm text-zinc-600">Your sign-in could not be checked because the service is not answering right now. You are still signed in. Try again in a moment.</p>
        <Button onClick={retry}>Try again</Button>
      </div>
    );
  return (
    <div role="alert" className="space-y-4 py-6 text-center" data-testid="page-error">
      <h1 className="text-2xl font-semibold text-zinc-900">This page could not be loaded</h1>
      <p className="mx-auto max-w-xl text-sm text-zinc-600">
        Something went wrong on our side while loading it. Try again in a moment.
        {error.digest && (
          <>
            {" "}If it keeps happening, contact support and give them this reference:{" "}
            <code className="font-mono text-xs text-zinc-800" data-testid="error-reference">{error.digest}</code>
          </>
        )}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={retry}>Try again</Button>
        {homeHref && (
          <Link href={homeHref} className={buttonClasses("secondary")}>
            Go to the overview
          </Link>
        )}
      </div>
    </div>
  );
}
