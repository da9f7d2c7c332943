import { describe, expect, it } from "vitest";
import { clientAddress, readClientIp, signInIpMaxFailuresFromEnv, trustedProxyHopsFromEnv } from "./client-ip";

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

describe("clientAddress", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.7", undefined, 0)).toBe("203.0.113.7");
  });

  it("behind one trusted proxy, is the entry that proxy appended (the rightmost), not what the client put before it", () => {
    // The client claimed 1.1.1.1; the proxy appended the address it saw, 198.51.100.9.
    expect(clientAddress("10.0.0.2", "1.1.1.1, 198.51.100.9", 1)).toBe("198.51.100.9");
    expect(clientAddress("10.0.0.2", ["1.1.1.1", "198.51.100.9"], 1)).toBe("198.51.100.9");
  });

  it("behind two trusted proxies, is the second entry from the right", () => {
    expect(clientAddress("10.0.0.3", "1.1.1.1, 198.51.100.9, 10.0.0.2", 2)).toBe("198.51.100.9");
  });

  it("falls back to the socket's address when the header has fewer entries than trusted proxies (the proxies were bypassed)", () => {
    expect(clientAddress("203.0.113.7", "1.1.1.1", 2)).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.7", undefined, 1)).toBe("203.0.113.7");
  });
});

describe("trustedProxyHopsFromEnv", () => {
  it("reads a positive whole number, else 0", () => {
    expect(trustedProxyHopsFromEnv({ TRUSTED_PROXY_HOPS: "2" })).toBe(2);
    expect(trustedProxyHopsFromEnv({})).toBe(0);
    expect(trustedProxyHopsFromEnv({ TRUSTED_PROXY_HOPS: "-1" })).toBe(0);
    expect(trustedProxyHopsFromEnv({ TRUSTED_PROXY_HOPS: "yes" })).toBe(0);
  });
});
