import { describe, expect, it } from "vitest";
import { readClientIp, signInIpMaxFailuresFromEnv } from "./client-ip";

describe("readClientIp", () => {
  it("reads the header lib/server.ts sets, and nothing else", () => {
    expect(readClientIp({ "x-client-ip": "203.0.113.9" })).toBe("203.0.113.9");
    for (const headers of [undefined, {}, { "x-client-ip": "" }, { "x-client-ip": ["1.2.3.4"] }, { "x-forwarded-for": "1.2.3.4" }]) expect(readClientIp(headers)).toBeNull();
  });
});

describe("signInIpMaxFailuresFromEnv", () => {
  it("takes a positive whole number, and leaves anything else to the default", () => {
    expect(signInIpMaxFailuresFromEnv({ STAFF_SIGN_IN_IP_MAX_FAILURES: "50" })).toBe(50);
    for (const value of [undefined, "", "0", "-3", "2.5", "many"]) expect(signInIpMaxFailuresFromEnv({ STAFF_SIGN_IN_IP_MAX_FAILURES: value })).toBeUndefined();
  });
});
