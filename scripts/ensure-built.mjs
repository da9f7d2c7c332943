// `npm start` on a fresh clone: build once if there is no production build yet.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

if (!existsSync("dist/server.js") || !existsSync(".next/BUILD_ID")) {
  console.log("No production build found; running `npm run build` once (about a minute)…");
  execSync("npm run build", { stdio: "inherit" });
}
