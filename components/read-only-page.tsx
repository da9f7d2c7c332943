import type { ReactNode } from "react";
import { PageHeader } from "./page-header";
import { Notice } from "./ui/notice";

/**
 * A form page as a role without the permission sees it: the page's header and a Read-only notice
 * saying who can act, instead of a form that would fail on submit.
 */
export function ReadOnlyPage({ back, title, description, testId, children }: { back: ReactNode; title: string; description: string; testId: string; children: ReactNode }) {
  return (
    <>
      {back}
      <PageHeader title={title} description={description} />
      <Notice tone="info" title="Read-only" testId={testId}>
        {children}
      </Notice>
    </>
  );
}
