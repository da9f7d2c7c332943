// `npm run bench`: figures, not pass/fail. Writes bench/results.json (ignored by git).
import fs from "node:fs";
import { benchWebhooks } from "./webhooks";

const results: { ratios: Record<string, number>; raw: Record<string, unknown> } = { ratios: {}, raw: {} };

const webhooks = await benchWebhooks().catch((e) => {
  console.error("webhook benchmark failed:", e);
  process.exit(1);
});
results.raw.webhooks = webhooks;
results.ratios.webhook_vs_post_loop = webhooks.ratio;
console.log(`webhooks: ${webhooks.deliveriesPerSecond}/s delivered vs ${webhooks.postLoopPerSecond}/s bare signed POST loop → ratio ${webhooks.ratio}`);

fs.writeFileSync(new URL("./results.json", import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log("wrote bench/results.json");
process.exit(0);
