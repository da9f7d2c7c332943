import { createHash } from "node:crypto";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";
import { ServiceError, invalidInput } from "./errors";
import { now } from "../sandbox/clock";

/** Responses that carry a one-time secret are never stored, so these routes refuse the header. */
const SECRET_BEARING = new Set(["POST /tokens"]);

const RETENTION_MS = 24 * 60 * 60 * 1000; // BEHAVIORS.md 10.26
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 50;

/**
 * `Idempotency-Key` on any mutating request: scope (platform, method, path, key). The first request
 * runs and its response is stored; the same key with the same body replays it; another body, or a
 * duplicate arriving while the first still runs past a short wait, gets 409 CONFLICT. The claim is
 * an INSERT on the primary key, so two concurrent duplicates can never both execute.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (key === undefined || c.req.method === "GET") return next();
  if (key.length === 0 || key.length > 255)
    throw invalidInput([{ field: "header.Idempotency-Key", message: "must be 1 to 255 characters", constraint: { minLength: 1, maxLength: 255 } }]);

  const routeKey = `${c.req.method} ${c.req.path.replace(/^\/api\/[^/]+/, "")}`;
  if (SECRET_BEARING.has(routeKey))
    throw invalidInput(
      [{ field: "header.Idempotency-Key", message: "is not supported here", constraint: { notAllowed: true } }],
      `Idempotency-Key is not supported on ${routeKey}: its response carries a one-time secret that is never stored. Retry without the header and list tokens to check for a duplicate.`,
    );

  const db = c.get("db");
  const { platformId } = c.get("auth");
  const body = await c.req.raw.clone().text();
  const fingerprint = createHash("sha256").update(body).digest("hex");
  const scope = { platformId, method: c.req.method, path: new URL(c.req.url).pathname, key };
  const at = await now(db, platformId);

  const claimed = await db.$executeRaw`
    INSERT INTO "IdempotencyKey" ("platformId", "method", "path", "key", "fingerprint", "createdAt", "expiresAt")
    VALUES (${scope.platformId}::uuid, ${scope.method}, ${scope.path}, ${scope.key}, ${fingerprint}, ${at}, ${new Date(at.getTime() + RETENTION_MS)})
    ON CONFLICT ("platformId", "method", "path", "key") DO UPDATE
      SET "fingerprint" = EXCLUDED."fingerprint", "createdAt" = EXCLUDED."createdAt", "expiresAt" = EXCLUDED."expiresAt",
          "responseStatus" = NULL, "responseBody" = NULL
      WHERE "IdempotencyKey"."expiresAt" <= ${at}`;

  if (claimed === 0) return replay(c, scope, fingerprint);

  try {
    await next();
  } catch (e) {
    await db.idempotencyKey.delete({ where: { platformId_method_path_key: scope } }).catch(() => undefined);
    throw e;
  }
  if (c.res.status >= 500) {
    // Not a final answer: let the client retry with the same key.
    await db.idempotencyKey.delete({ where: { platformId_method_path_key: scope } });
    return;
  }
  const responseBody = await c.res.clone().text();
  await db.idempotencyKey.update({ where: { platformId_method_path_key: scope }, data: { responseStatus: c.res.status, responseBody } });
});

async function replay(
  c: Context<AppEnv>,
  scope: { platformId: string; method: string; path: string; key: string },
  fingerprint: string,
): Promise<Response> {
  const db = c.get("db");
  const deadline = performance.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const row = await db.idempotencyKey.findUnique({ where: { platformId_method_path_key: scope } });
    if (row && row.fingerprint !== fingerprint)
      throw new ServiceError("CONFLICT", "This Idempotency-Key was already used with a different request body; use a new key for a new request", {
        details: { idempotencyKey: scope.key },
      });
    if (row && row.responseStatus !== null) {
      return new Response(row.responseBody || null, {
        status: row.responseStatus,
        headers: { "content-type": "application/json", "idempotent-replayed": "true" },
      });
    }
    if (!row || performance.now() > deadline)
      throw new ServiceError("CONFLICT", "A request with this Idempotency-Key is still being processed; retry in a moment", {
        details: { idempotencyKey: scope.key },
      });
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
