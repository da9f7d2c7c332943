import { describe, expect, it } from "vitest";
import { clientIpKey } from "./client-ip-key";

describe("clientIpKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    [" 127.0.0.1 ", "127.0.0.1"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["::FFFF:cb00:7109", "203.0.113.9"],
    ["2001:db8:85a3:1234:8a2e:370:7334:1", "2001:db8:85a3:1234::/64"],
    ["2001:DB8:85A3:1234::99", "2001:db8:85a3:1234::/64"],
    ["2001:0db8:0000:0001::1", "2001:db8:0:1::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("counts %j as %j", (address, key) => {
    expect(clientIpKey(address)).toBe(key);
  });

  it("puts every address of one IPv6 /64 under one key, and another /64 under another", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2:aaaa::"].map(clientIpKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(clientIpKey("2001:db8:1:3::1")).not.toBe(keys[0]);
  });

  it.each(["", "   ", null, undefined, "unknown", "1.2.3.4, 5.6.7.8", "300.1.1.1", "localhost", "::g"])("has no key for %j", (address) => {
    expect(clientIpKey(address)).toBeNull();
  });
});
