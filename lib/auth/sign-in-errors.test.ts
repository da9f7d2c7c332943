import { describe, expect, it } from "vitest";
import { describeWait, lockoutSignInError, readSignInError, SIGN_IN_UNAVAILABLE } from "./sign-in-errors";

describe("sign-in errors", () => {
  it("reads back what authorize() throws, and next-auth's code for a wrong pair", () => {
    expect(readSignInError(lockoutSignInError("TOO_MANY_ATTEMPTS", 840))).toEqual({ code: "TOO_MANY_ATTEMPTS", retryAfterSeconds: 840 });
    expect(readSignInError(lockoutSignInError("TOO_MANY_ATTEMPTS", 0.2))).toEqual({ code: "TOO_MANY_ATTEMPTS", retryAfterSeconds: 1 });
    expect(readSignInError(lockoutSignInError("TOO_MANY_ATTEMPTS_FROM_IP", 899.5))).toEqual({ code: "TOO_MANY_ATTEMPTS_FROM_IP", retryAfterSeconds: 900 });
    expect(readSignInError("CredentialsSignin")).toEqual({ code: "WRONG_CREDENTIALS" });
  });

  it.each([
    SIGN_IN_UNAVAILABLE,
    "TOO_MANY_ATTEMPTS:",
    "TOO_MANY_ATTEMPTS:soon",
    "TOO_MANY_ATTEMPTS:-5",
    "TOO_MANY_ATTEMPTS:5:5",
    "TOO_MANY_ATTEMPTS_FROM_IP:",
    "TOO_MANY_ATTEMPTS_FROM_SOMEWHERE:60",
    "connect ECONNREFUSED",
    "",
    null,
    undefined,
  ])("anything else (%j) is UNAVAILABLE", (error) => {
    expect(readSignInError(error)).toEqual({ code: "UNAVAILABLE" });
  });

  it.each([
    [1, "1 minute"],
    [60, "1 minute"],
    [61, "2 minutes"],
    [840, "14 minutes"],
    [899, "15 minutes"],
    [900, "15 minutes"],
  ])("describes %i seconds as %s (rounded up)", (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });
});
