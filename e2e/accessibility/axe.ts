import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.0 and 2.1, levels A and AA: what the dashboard promises. */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** One line per rule: where it failed (the first few elements) and, for contrast, the colours found. */
function describe(violation: Violation): string {
  const targets = violation.nodes.slice(0, 5).map((node) => {
    const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
    const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : "";
    return `${node.target.join(" ")}${colours}`;
  });
  const more = violation.nodes.length > targets.length ? ` (+${violation.nodes.length - targets.length} more)` : "";
  return `${violation.id} [${violation.impact}] ×${violation.nodes.length}: ${violation.help} — ${targets.join(", ")}${more}`;
}

/**
 * Runs axe on the page as it is now: a serious or critical violation of WCAG 2.1 A/AA fails the test
 * (softly, so one run lists every page's problems); minor and moderate ones, and axe's best
 * practices, are printed, to be read, not enforced. `within` narrows the scan to one part of the page (an open dialog).
 */
export async function expectNoSeriousViolations(page: Page, where: string, options: { within?: string } = {}): Promise<void> {
  // Best practices (headings in order, content in landmarks…) are run too, and only printed.
  let builder = new AxeBuilder({ page }).withTags([...WCAG_21_AA, "best-practice"]);
  if (options.within) builder = builder.include(options.within);
  const { violations } = await builder.analyze();
  const isWcag = (v: Violation) => v.tags.some((tag) => WCAG_21_AA.includes(tag));
  const blocking = violations.filter((v) => isWcag(v) && (v.impact === "serious" || v.impact === "critical"));
  const advisory = violations.filter((v) => !blocking.includes(v));
  for (const v of advisory) console.log(`[a11y advisory] ${where}: ${describe(v)}`);
  for (const v of blocking) console.log(`[a11y BLOCKING] ${where}: ${describe(v)}`);
  expect.soft(blocking.map(describe), `serious/critical axe violations on ${where}`).toEqual([]);
}

/** Waits until the page has rendered and settled (client components hydrated, data fetched). */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator("h1").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}
