/** Polls `done` until it holds; throws once `timeoutMs` has passed without it. */
export async function waitUntil(done: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`waited ${timeoutMs} ms in vain`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
