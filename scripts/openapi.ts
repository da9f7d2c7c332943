// Regenerates lib/client/generated/ from the service's own OpenAPI document, so the dashboard's
// typed client cannot drift from the routes. `--check` fails instead of writing when stale.
import fs from "node:fs";
import path from "node:path";
import { generateClientFiles } from "../lib/client/generate";

const check = process.argv.includes("--check");
const dir = path.join(process.cwd(), "lib/client/generated");
const files = await generateClientFiles();
let stale = false;
for (const [name, content] of Object.entries(files)) {
  const file = path.join(dir, name);
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  if (current === content) continue;
  stale = true;
  if (!check) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, content);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
if (check && stale) {
  console.error("lib/client/generated is stale: run `npm run openapi` and commit the result");
  process.exit(1);
}
if (!stale) console.log("lib/client/generated is up to date");
