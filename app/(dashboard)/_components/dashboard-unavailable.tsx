import { buttonClasses } from "@/components/ui/button-classes";

/**
 * What a signed-in staff member sees instead of a dashboard page when their sign-in could not be
 * checked (the database did not answer): not the sign-in page, since they are not signed out. "Try
 * again" loads the page they asked for afresh (a full load, so the sign-in is checked again).
 */
export function DashboardUnavailable({ requestedPath }: { requestedPath: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4">
      <div role="alert" className="w-full max-w-md space-y-4 rounded-lg border border-zinc-200 bg-white p-6 text-center shadow-sm" data-testid="dashboard-unavailable">
        <h1 className="text-xl font-semibold text-zinc-900">The dashboard is unavailable for a moment</h1>
        <p className="text-sm text-zinc-600">Your sign-in could not be checked because the service is not answering right now. You are still signed in. Try again in a moment.</p>
        <a href={requestedPath} className={buttonClasses()}>
          Try again
        </a>
      </div>
    </main>
  );
}
