import { describe, expect, it } from "vitest";
import { localTime } from "./local-time";

// The walk: the user's clock read 13:17 JST, the platform's sandbox clock ~21 h ahead, a quote with ~5 min left.
const LOCAL_NOW = Date.parse("2026-11-29T04:17:00Z"); // 13:17 in Tokyo
const GAP = 21 * 3_600_000;
const tokyo = { timeZone: "Asia/Tokyo", locale: "en-GB" };

describe("localTime: a platform time on the end user's own clock", () => {
  it("moves a quote's expiresAt back by the clock gap and says how long is left", () => {
    const expiresAt = new Date(LOCAL_NOW + GAP + 4 * 60_000 + 50_000).toISOString(); // platform time
    expect(localTime(expiresAt, GAP, LOCAL_NOW, tokyo)).toBe("13:21 GMT+9 (in 4 min)");
  });

  it("adds the date when it is not today, and says when it is past", () => {
    const tomorrow = new Date(LOCAL_NOW + GAP + 12 * 3_600_000).toISOString();
    expect(localTime(tomorrow, GAP, LOCAL_NOW, tokyo)).toBe("01:17 GMT+9 on 30 Nov 2026 (in 12 h)");
    const past = new Date(LOCAL_NOW + GAP - 5 * 60_000).toISOString();
    expect(localTime(past, GAP, LOCAL_NOW, tokyo)).toBe("13:12 GMT+9 (5 min ago)");
  });

  it("shows a stamp (a session signed in, a payment moved days ago) the same way: on the user's clock, dated, how long ago", () => {
    const signedIn = new Date(LOCAL_NOW + GAP - 30_000).toISOString();
    expect(localTime(signedIn, GAP, LOCAL_NOW, tokyo)).toBe("13:16 GMT+9 (less than a minute ago)");
    const funded = new Date(LOCAL_NOW + GAP - 3 * 24 * 3_600_000).toISOString();
    expect(localTime(funded, GAP, LOCAL_NOW, tokyo)).toBe("13:17 GMT+9 on 26 Nov 2026 (3 days ago)");
  });

  it("with no gap it is the time as sent, in the user's zone", () => {
    expect(localTime("2026-11-29T04:32:00Z", 0, LOCAL_NOW, { timeZone: "Europe/Berlin", locale: "de-DE" })).toBe("05:32 MEZ (in 15 min)");
  });
});
