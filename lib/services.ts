import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "./db/open-database";
import { buildApi, type ServiceApi } from "./service/http/app";
import { rateLimitFromEnv } from "./service/http/rate-limit";
import type { Db } from "./service/db";
import type { BootstrapResult } from "./service/platforms/bootstrap";

/** One delivery the dashboard's built-in webhook receiver got (app/api/webhook-receiver) whose signature verified, as received. */
export interface ReceivedWebhook {
  receivedAt: string;
  body: string;
}

/** What the Webhooks page shows of the built-in receiver: verified deliveries, and only a count of refused posts. */
export interface ReceiverLog {
  received: ReceivedWebhook[];
  rejected: { count: number; lastAt: string | null };
}

/** One platform's built-in receiver: its log, and the endpoint to restore when it is turned off. */
export interface ReceiverState extends ReceiverLog {
  previousEndpoint?: string;
}

/**
 * The one process-wide container (TOOLCHAIN.md §13): Next bundles several copies of our modules,
 * so the database, the Hono app and the one-time bootstrap credentials live on globalThis.
 * Nothing is created at import time.
 */
export interface Services {
  api: ServiceApi;
  db(): Promise<Db>;
  internalKey: string;
  /** Credentials made on first start, shown once in the dashboard, then forgotten. */
  pendingBootstrap: BootstrapResult | null;
  /** Built-in webhook receiver, memory only, by platform id. */
  webhookReceiver: Map<string, ReceiverState>;
  close(): Promise<void>;
}

const KEY = Symbol.for("service-platform.services.v1");

export function services(): Services {
  const g = globalThis as typeof globalThis & { [KEY]?: Services };
  return (g[KEY] ??= create());
}

function create(): Services {
  let database: Promise<Database> | undefined;
  const open = () => (database ??= openDatabase());
  const internalKey = randomBytes(32).toString("base64url");
  const db = async () => (await open()).prisma;
  return {
    api: buildApi({ getDb: db, internalKey, rateLimitPerSecond: rateLimitFromEnv() }),
    db,
    internalKey,
    pendingBootstrap: null,
    webhookReceiver: new Map(),
    async close() {
      if (database) await (await database).close();
    },
  };
}
