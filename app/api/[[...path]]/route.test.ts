import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";

const answer = async (handler: (request: Request) => Response, method: string, path: string) => {
  const res = handler(new Request(`http://localhost${path}`, { method }));
  return { status: res.status, type: res.headers.get("content-type"), body: await res.json() };
};

describe("an /api/… path outside the served version", () => {
  it("a date version that is not served: a JSON 404 naming the served version, its base path and the path to try", async () => {
    const res = await answer(GET, "GET", "/api/2025-10-12/config");
    expect([res.status, res.type]).toEqual([404, "application/json"]);
    expect(res.body).toEqual({
      status: 404,
      code: "NOT_FOUND",
      message: "API version 2025-10-12 is not served here: this server serves version 2025-10-13 at /api/2025-10-13 (the API is versioned by date). Try GET /api/2025-10-13/config.",
      details: { servedVersion: "2025-10-13", basePath: "/api/2025-10-13", requestedVersion: "2025-10-12" },
    });
  });

  it("a numbered version and a path without a version say the same, for any method", async () => {
    expect((await answer(POST, "POST", "/api/v1/customers")).body.message).toBe(
      "API version v1 is not served here: this server serves version 2025-10-13 at /api/2025-10-13 (the API is versioned by date). Try POST /api/2025-10-13/customers.",
    );
    const unversioned = await answer(GET, "GET", "/api/config");
    expect(unversioned.status).toBe(404);
    expect(unversioned.body.message).toBe(
      "No such endpoint: GET /api/config. The Service API has the version in its path: this server serves version 2025-10-13 at /api/2025-10-13. Try GET /api/2025-10-13/config; the operations are described at /api/2025-10-13/openapi.json.",
    );
    expect(unversioned.body.details).toEqual({ servedVersion: "2025-10-13", basePath: "/api/2025-10-13" });
  });
});
