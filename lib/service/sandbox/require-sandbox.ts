import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/context";
import { ServiceError } from "../http/errors";

/** Sandbox endpoints refuse production platforms' credentials (BEHAVIORS.md §4.8). */
export const requireSandbox = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("auth").environment !== "SANDBOX")
    throw new ServiceError("FORBIDDEN", "Sandbox endpoints are available to sandbox platforms only");
  return next();
});
