import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { serviceErrorResult, serviceUnreachableResult } from "./action-result";

describe("serviceErrorResult", () => {
  it("keeps the envelope's details beside the field errors, so a form can tell which account was refused", () => {
    const body = { status: 400, code: "EXTERNAL_ACCOUNT_VERIFICATION_REQUIRED", message: "verify it", details: { accountId: "ExternalAccount:1", accountStatus: "UNVERIFIED" } };
    expect(serviceErrorResult(body, 400)).toEqual({ ok: false, error: { code: body.code, message: "verify it", status: 400, details: { accountId: "ExternalAccount:1", accountStatus: "UNVERIFIED" } } });
  });

  it("turns details.errors into fieldErrors and adds no empty details", () => {
    const body = { status: 400, code: "INVALID_INPUT", message: "bad", details: { errors: [{ field: "source.accountId", message: "is a BASE_WALLET" }] } };
    expect(serviceErrorResult(body, 400)).toEqual({ ok: false, error: { code: "INVALID_INPUT", message: "bad", status: 400, fieldErrors: { "source.accountId": "is a BASE_WALLET" } } });
  });
});

describe("serviceUnreachableResult", () => {
  async function fetchFailure(url: string): Promise<unknown> {
    return fetch(url).then(
      () => expect.unreachable("the request should have failed"),
      (error: unknown) => error,
    );
  }

  it("says nothing was done when the connection was refused: the request never left", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    expect(serviceUnreachableResult(await fetchFailure(`http://127.0.0.1:${port}/config`))).toEqual({
      ok: false,
      error: { code: "SERVICE_UNREACHABLE", message: "The service could not be reached, so nothing was done. Try again in a moment." },
    });
  });

  it("says the outcome is unknown when the connection broke after the request went out", async () => {
    const dropping = http.createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    const { port } = dropping.address() as AddressInfo;
    try {
      const result = serviceUnreachableResult(await fetchFailure(`http://127.0.0.1:${port}/quotes`));
      expect(result?.ok === false && result.error.message).toMatch(/not known whether this was done/);
    } finally {
      await new Promise((resolve) => dropping.close(resolve));
    }
  });

  it("leaves every other error to be thrown", () => {
    expect(serviceUnreachableResult(new TypeError("x is not a function"))).toBeNull();
    expect(serviceUnreachableResult(new Error("fetch failed"))).toBeNull();
  });
});
