"use client";

import { Card } from "@/components/ui/card";
import { PageError, type PageErrorProps } from "@/components/page-error";

/** A dashboard page that failed to load (the service unreachable, an unexpected error), inside the dashboard's frame. */
export default function DashboardError({ error, retry }: Omit<PageErrorProps, "homeHref">) {
  return (
    <Card>
      <PageError error={error} retry={retry} homeHref="/" />
    </Card>
  );
}
