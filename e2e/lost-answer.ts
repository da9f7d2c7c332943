import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

/** The id Next gave a server action (`Next-Action` header) in the current build. */
function serverActionId(file: string, name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.filename === file && entry.exportedName === name)?.[0];
  if (!id) throw new Error(`no server action ${name} in ${file} (run npm run build)`);
  return id;
}

/**
 * A phone on a dropping network: the next call of the server action reaches the server and runs,
 * but its answer never comes back (the connection resets). Answers the request bodies it cut.
 */
export async function loseNextAnswer(page: Page, action: { file: string; name: string }): Promise<string[]> {
  const id = serverActionId(action.file, action.name);
  const cut: string[] = [];
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.method() !== "POST" || request.headers()["next-action"] !== id || cut.length > 0) return route.fallback();
    cut.push(request.postData() ?? "");
    await route.fetch(); // the server runs it…
    await route.abort("connectionreset"); // …and the answer is lost
  });
  return cut;
}
