/** /invite/<code> with no invitation behind it: a typo in the link, or a code that never existed. */
export default function InvitationNotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-zinc-50 px-4">
      <div className="max-w-md space-y-3 text-center" data-testid="invitation-not-found">
        <p className="text-sm font-medium text-zinc-500">404</p>
        <h1 className="text-2xl font-semibold text-zinc-900">Invitation not found</h1>
        <p className="text-sm text-zinc-600">
          No invitation has this code. Check that the link was copied whole, or ask the person who invited you to send it again.
        </p>
      </div>
    </main>
  );
}
