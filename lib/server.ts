import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import next, { type NextConfig } from "next";
import { getRequestListener } from "@hono/node-server";
import { services } from "./services";
import { schemaProblem } from "./db/schema-problem";
import { bootstrapIfEmpty } from "./service/platforms/bootstrap";
import { API_BASE_PATH } from "./service/http/openapi";
import { startWorker } from "./service/jobs/worker";
import { CLIENT_IP_HEADER, clientAddress, trustedProxyHopsFromEnv } from "./auth/client-ip";
import { newCspNonce, securityHeaders } from "./security-headers";
import { isCrossOriginAction } from "./cross-origin-action";

// One Node server (DESIGN.md "Why a custom server"): Service API paths go straight to Hono,
// every other path to Next. Only dispatch lives here.
const dev = process.env.NODE_ENV !== "production";
// `node dist/server.js` without NODE_ENV compiles every page on first use (29 s for /login): say so.
if (!process.env.NODE_ENV)
  console.warn("> NODE_ENV is not set, so this runs in development mode: pages compile on first use and are slow. Use `npm start` (NODE_ENV=production) to serve the built app.");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0"; // not HOSTNAME: shells and containers set it
const isApi = (url: string) =>
  url.startsWith(API_BASE_PATH) && (url.length === API_BASE_PATH.length || url[API_BASE_PATH.length] === "/" || url[API_BASE_PATH.length] === "?");

// Staff sign-in needs a secret and the public origin; a fresh machine gets working defaults
// (the secret is kept under .data so sessions survive restarts).
process.env.NEXTAUTH_URL ??= `http://localhost:${port}`;
process.env.NEXTAUTH_SECRET ??= persistentSecret(path.join(".data", "nextauth-secret"));

const svc = services(); // before Next loads app code, so the container is built from this copy
const db = await svc.db(); // open (PGlite: + migrate) now; fail fast
// PostgreSQL is migrated apart (`npm run db:migrate`): say so in one line rather than crash on the first query.
const schema = process.env.DATABASE_URL ? await schemaProblem(db) : null;
if (schema) {
  console.error(`> Cannot start: ${schema}`);
  process.exit(1);
}
const bootstrap = await bootstrapIfEmpty(db);
svc.pendingBootstrap = bootstrap;

// Webhook deliveries and timed sandbox steps; IN_PROCESS_WORKER=0 when workers run apart.
const worker = process.env.IN_PROCESS_WORKER === "0" ? null : startWorker(svc.db);

const hono = getRequestListener(svc.api.fetch, { overrideGlobalObjects: process.env.HONO_OVERRIDE_GLOBALS !== "0" });
const server = http.createServer();
// Node closes an idle keep-alive connection after 5 s, which races a client sending its next request
// on it (ECONNRESET: "socket hang up"). Keep idle connections longer than clients and proxies do (60 s
// is the common idle timeout); shutdown still closes idle ones at once (closeIdleConnections below).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000; // must exceed keepAliveTimeout, or Node may drop a request arriving at the edge
// API_ONLY=1 serves the Service API without the dashboard (benchmarks, the reliability suite).
const nextApp = process.env.API_ONLY === "1" ? null : next({ dev, hostname: "localhost", port, httpServer: server, turbopack: dev ? true : undefined });
await nextApp?.prepare();
const nextHandler = nextApp?.getRequestHandler() ?? notFound;
// Origins Next lets post server actions besides this host, from the next.config.js it just loaded.
const nextConfig = ((await import(pathToFileURL(path.resolve("next.config.js")).href)) as { default: NextConfig }).default;
const allowedActionOrigins = nextConfig.experimental?.serverActions?.allowedOrigins ?? [];

/** The answer to an address whose percent-escapes do not decode: a page with a way back, not bare text. */
const BAD_PATH_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bad request</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #27272a">
<h1 style="font-size: 1.25rem">Bad request</h1>
<p>The address contains a malformed percent-escape (%). Check the link and try again.</p>
<p><a href="/" style="color: #4338ca">Go to the dashboard</a></p>
</body></html>
`;

const CROSS_SITE_REFUSED = "Cross-site request refused: dashboard actions run only from this site's own pages.\n";

const trustedProxyHops = trustedProxyHopsFromEnv();
const https = process.env.NEXTAUTH_URL.startsWith("https:");
let shuttingDown = false;
server.on("request", (req, res) => {
  if (shuttingDown) res.setHeader("connection", "close");
  if (isApi(req.url ?? "/")) {
    res.setHeader("x-content-type-options", "nosniff");
    return void hono(req, res);
  }
  // Every other answer, whoever writes it (lib/security-headers.ts). Next takes the nonce for its
  // scripts from the request's policy, so the client's own copy of that header is replaced.
  const nonce = newCspNonce();
  for (const [name, value] of Object.entries(securityHeaders(nonce, { dev, https }))) res.setHeader(name, value);
  req.headers["content-security-policy"] = res.getHeader("content-security-policy") as string;
  delete req.headers["content-security-policy-report-only"];
  // Next refuses a cross-site server action with 500, a server error to monitoring; the fault is the sender's.
  if (isCrossOriginAction(req, allowedActionOrigins)) return void res.writeHead(403, { "content-type": "text/plain; charset=utf-8" }).end(CROSS_SITE_REFUSED);
  // Next answers 500 to a path whose percent-escapes do not decode (/cards/%E0%A4%A): the address is wrong, not the server.
  if (!hasDecodablePath(req.url ?? "/")) return void res.writeHead(400, { "content-type": "text/html; charset=utf-8" }).end(BAD_PATH_PAGE);
  // The client's address as the socket (or the trusted proxies) saw it, replacing any value the client sent (lib/auth/client-ip.ts).
  req.headers[CLIENT_IP_HEADER] = clientAddress(req.socket.remoteAddress ?? "", req.headers["x-forwarded-for"], trustedProxyHops);
  void nextHandler(req, res);
});
await new Promise<void>((resolve) => server.listen(port, host, resolve));

const origin = process.env.NEXTAUTH_URL;
console.log(`> Ready on ${origin} (API at ${origin}${API_BASE_PATH}, database: ${process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite"})`);
if (bootstrap) {
  console.log(
    [
      "",
      "  First start: created a sandbox platform. Save these now; the secret is not shown again.",
      `  Sign in:        ${origin}/login`,
      `  Admin email:    ${bootstrap.adminEmail}`,
      `  Admin password: ${bootstrap.adminPassword}`,
      `  API clientId:     ${bootstrap.clientId}`,
      `  API clientSecret: ${bootstrap.clientSecret}`,
      `  Try it: curl -u '${bootstrap.clientId}:${bootstrap.clientSecret}' ${origin}${API_BASE_PATH}/config`,
      "  Webhooks are signed (X-Service-Signature): verify them with `webhookPublicKey` from that GET /config (also on the dashboard's Webhooks page).",
      "",
    ].join("\n"),
  );
}

async function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  setTimeout(() => process.exit(1), 8_000).unref();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const reaper = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  await worker?.stop();
  await closed;
  clearInterval(reaper);
  await nextApp?.close();
  await svc.close();
  process.exit(0);
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);

function notFound(_req: http.IncomingMessage, res: http.ServerResponse) {
  res.writeHead(404, { "content-type": "text/plain" }).end(`Only the Service API is served here (API_ONLY=1): ${API_BASE_PATH}\n`);
}

function hasDecodablePath(url: string): boolean {
  const query = url.indexOf("?");
  try {
    decodeURIComponent(query === -1 ? url : url.slice(0, query));
    return true;
  } catch {
    return false;
  }
}

function persistentSecret(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
