import { describe, expect, it } from "vitest";
import { serviceErrorResult } from "./action-result";

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
