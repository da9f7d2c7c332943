import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATIONS, findTagGroup, operationHref, operationIdsBySlug, operationsByTag, tagHref, tagSlug } from "./openapi-doc";
import { legacyAnchorHref } from "./legacy-anchor";

describe("tag pages", () => {
  it("slugs a tag for its URL segment, and never as a sibling route's segment (schemas)", () => {
    expect(tagSlug("KYC/KYB Verifications")).toBe("kyc-kyb-verifications");
    expect(tagSlug("API Tokens")).toBe("api-tokens");
    expect(tagSlug("Schemas")).toBe("schemas-tag");
  });

  it("gives every tag of the document its own page, and every operation exactly one place", () => {
    const groups = operationsByTag();
    const slugs = groups.map((g) => g.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).not.toContain("schemas");
    expect(groups.flatMap((g) => g.operations.map((op) => op.id)).sort()).toEqual(OPERATIONS.map((op) => op.id).sort());
    for (const group of groups) expect(findTagGroup(group.slug)).toBe(group);
    expect(findTagGroup("no-such-tag")).toBeUndefined();
    expect(findTagGroup("schemas")).toBeUndefined();
  });

  it("links an operation to its tag's page, at its card", () => {
    const op = OPERATIONS.find((o) => o.id === "getPlatformConfig")!;
    expect(tagHref(op.tag)).toBe("/api-reference/platform-configuration");
    expect(operationHref(op)).toBe("/api-reference/platform-configuration#op-getPlatformConfig");
  });
});

describe("legacyAnchorHref", () => {
  const ids = operationIdsBySlug();

  it("sends an old link to an operation to the operation on its tag's page", () => {
    expect(legacyAnchorHref("#op-getPlatformConfig", ids)).toBe("/api-reference/platform-configuration#op-getPlatformConfig");
    expect(legacyAnchorHref("#op-createPlatformExternalAccount", ids)).toBe("/api-reference/external-accounts#op-createPlatformExternalAccount");
    for (const op of OPERATIONS) expect(legacyAnchorHref(`#op-${op.id}`, ids)).toBe(operationHref(op));
  });

  it("sends an old link to a tag's section to its page", () => {
    expect(legacyAnchorHref("#tag-kyc-kyb-verifications", ids)).toBe("/api-reference/kyc-kyb-verifications");
  });

  it("leaves any other hash alone", () => {
    for (const hash of ["", "#", "#main", "#op-", "#op-noSuchOperation", "#tag-no-such-tag", "#tag-", "#op-constructor", "#tag-__proto__"]) {
      expect(legacyAnchorHref(hash, ids)).toBeNull();
    }
  });
});

describe("links into the reference from elsewhere in the dashboard", () => {
  // Client components cannot import the document (it would ship to the browser), so they write the
  // link out; each must name an operation on the tag page it points to.
  it("point to a tag page that documents the operation they name", () => {
    const root = path.resolve(__dirname, "../../../..");
    const files = ["app", "components"].flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((f) => path.join(root, dir, f)));
    const links = files
      .filter((f) => /\.tsx?$/.test(f) && !f.includes(`${path.sep}api-reference${path.sep}`))
      .flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(/["'`](\/api-reference[^"'`]*#[^"'`]*)["'`]/g)].map((m) => m[1]!));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(OPERATIONS.map(operationHref)).toContain(link);
  });
});
