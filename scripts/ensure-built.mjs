// `npm start`: build first when there is no production build, or when a source file is newer
// than it (a fresh clone, or a `git pull` since the last build).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { execSync } from "node:child_process";

const OUTPUTS = [".next/BUILD_ID", "dist/server.js"];
const SOURCES = ["app", "components", "lib", "prisma", "public", "next.config.js", "package.json", "package-lock.json"];
const SKIP = new Set(["node_modules", "generated", ".next", "dist", ".data"]);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) if (!SKIP.has(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = Math.min(...OUTPUTS.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
const changedAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? "No production build yet; building once (about a minute)…" : "Sources changed since the last build; rebuilding…");
  execSync("npm run build", { stdio: "inherit" });
}
