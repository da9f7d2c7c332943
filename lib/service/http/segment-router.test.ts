import { describe, expect, it } from "vitest";
import { UnsupportedPathError, type Result } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { buildApi } from "./app";
import { SegmentRouter } from "./segment-router";
import { API_BASE_PATH } from "./openapi";

/** What a handler sees: which handlers run, in order, each with its decoded params. */
function resolved<T>(result: Result<T>) {
  const [handlers, stash] = result;
  return handlers.map(([handler, params]) => [handler, Object.fromEntries(Object.entries(params).map(([name, at]) => [name, stash ? stash[at as number] : at]))]);
}

function routers<T>(routes: { method: string; path: string; handler: T }[]) {
  const segment = new SegmentRouter<T>();
  const trie = new TrieRouter<T>();
  for (const { method, path, handler } of routes) {
    segment.add(method, path, handler);
    trie.add(method, path, handler);
  }
  return { segment, trie };
}

describe("SegmentRouter", () => {
  const routes = buildApi({ getDb: () => Promise.reject(new Error("no database in this test")), internalKey: "k".repeat(32) }).routes;
  const { segment, trie } = routers(routes.map((r, i) => ({ method: r.method, path: r.path, handler: i })));
  const literals = [...new Set(routes.flatMap((r) => r.path.split("/")).filter((s) => s && !s.startsWith(":") && s !== "*"))];

  /** Each route's path with its params filled in several ways, plus the near misses clients send. */
  const paths = new Set<string>([API_BASE_PATH, `${API_BASE_PATH}/`, `${API_BASE_PATH}x`, "/", "", "/other", `${API_BASE_PATH}//customers`, `${API_BASE_PATH}/no-such-area/1`]);
  for (const { path } of routes) {
    for (const fill of ["Customer:0194f2a0-0000-7000-8000-000000000001", "internal-accounts", "a%2Fb", "%E2%82%AC", ""]) {
      const concrete = path.replace(/\/\*$/, "/anything/below").replace(/:\w+/g, fill);
      paths.add(concrete);
      paths.add(`${concrete}/`);
      paths.add(`${concrete}/extra`);
      paths.add(concrete.slice(0, concrete.lastIndexOf("/")));
    }
    // A literal segment where the route has a param, and the reverse.
    for (const literal of literals.slice(0, 40)) paths.add(path.replace(/:\w+/, literal).replace(/:\w+/g, "x"));
  }
  // A request path with a literal `*` (or `:name`) segment: the TrieRouter takes it for its wildcard
  // (param) node and runs those handlers twice (tested below), so these are not compared.
  for (const path of paths) if (path.split("/").some((s) => s === "*" || s.startsWith(":"))) paths.delete(path);

  it("matches every route of the Service API, and every near miss, exactly as hono's TrieRouter does", () => {
    expect(paths.size).toBeGreaterThan(1000);
    let compared = 0;
    for (const path of paths)
      for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE", "OPTIONS"]) {
        expect(resolved(segment.match(method, path)), `${method} ${path}`).toEqual(resolved(trie.match(method, path)));
        compared++;
      }
    expect(compared).toBe(paths.size * 6);
  });

  it("finds a customer's route with its id, after the global middlewares, and also the fixed path a param could shadow", () => {
    const id = "Customer:0194f2a0-0000-7000-8000-000000000001";
    const customer = resolved(segment.match("GET", `${API_BASE_PATH}/customers/${id}`));
    const global = routes.filter((r) => r.method === "ALL" && r.path === `${API_BASE_PATH}/*`).length;
    expect(global).toBeGreaterThan(0);
    expect(customer.slice(0, global).every(([, params]) => Object.keys(params as object).length === 0)).toBe(true);
    expect(customer.at(-1)![1]).toEqual({ customerId: id });
    // GET /customers/internal-accounts matches both the fixed route and /customers/{customerId}: both run, in the order they were added.
    const both = resolved(segment.match("GET", `${API_BASE_PATH}/customers/internal-accounts`)).map(([handler]) => routes[handler as number]!.path);
    expect(both).toContain(`${API_BASE_PATH}/customers/internal-accounts`);
    expect(both).toContain(`${API_BASE_PATH}/customers/:customerId`);
    expect(both.indexOf(`${API_BASE_PATH}/customers/internal-accounts`)).toBeLessThan(both.indexOf(`${API_BASE_PATH}/customers/:customerId`));
  });

  it("keeps the order routes were added in, whichever pattern is more specific", () => {
    const table = [
      { method: "GET", path: "/v/items/:id", handler: "by id" },
      { method: "ALL", path: "/v/*", handler: "middleware added late" },
      { method: "GET", path: "/v/items/export", handler: "export" },
      { method: "POST", path: "/v/items/:id", handler: "update" },
    ];
    const small = routers(table);
    for (const path of ["/v/items/export", "/v/items/7", "/v", "/v/items"])
      for (const method of ["GET", "POST"]) expect(resolved(small.segment.match(method, path)), `${method} ${path}`).toEqual(resolved(small.trie.match(method, path)));
    expect(resolved(small.segment.match("GET", "/v/items/export")).map(([handler]) => handler)).toEqual(["by id", "middleware added late", "export"]);
  });

  it("runs each global middleware once for a path with a literal `*` segment", () => {
    const handlers = resolved(segment.match("GET", `${API_BASE_PATH}/*`)).map(([handler]) => handler);
    expect(handlers.length).toBeGreaterThan(0);
    expect(new Set(handlers).size).toBe(handlers.length);
  });

  it("refuses patterns it cannot answer as the TrieRouter would, so SmartRouter falls back", () => {
    for (const path of ["/a/:id?", "/a/:id{[0-9]+}", "/a/*/b", "/a/b*", "relative/path"]) expect(() => new SegmentRouter().add("GET", path, 1), path).toThrow(UnsupportedPathError);
  });
});
