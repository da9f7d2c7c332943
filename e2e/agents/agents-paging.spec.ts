import { expect, test, type Locator, type Page } from "@playwright/test";
import { API, signIn } from "../support";
import { APPROVAL_POLICY, fundedCustomer, headers, installedAgent, unique } from "./setup";

/**
 * /agents shows 20 agents and 20 pending approvals a page (PAGE_SIZE in app/(dashboard)/agents):
 * 21 of each is the fewest that spills onto a second page. One of the 21 agents asks for the 21
 * payments, so the agent's own page (also 20 a page) pages them too.
 */
const PAGE_SIZE = 20;
const SEEDED = PAGE_SIZE + 1;

test.describe.configure({ mode: "serial" });

const seed = { run: "", agentIds: [] as string[], payer: { agentId: "", name: "" }, amounts: [] as string[], actionIdByAmount: new Map<string, string>() };

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  seed.run = unique();
  const c = await fundedCustomer(request);
  for (let i = 0; i < SEEDED - 1; i += 1) {
    const created = await request.post(`${API}/agents`, { headers, data: { name: `Pager ${seed.run} #${i}`, customerId: c.customerId, policy: APPROVAL_POLICY } });
    expect(created.status(), await created.text()).toBe(201);
    seed.agentIds.push((await created.json()).agent.id as string);
  }
  seed.payer.name = `Pager ${seed.run} payer`;
  const { agentId, bearer } = await installedAgent(request, c.customerId, seed.payer.name);
  seed.payer.agentId = agentId;
  seed.agentIds.push(agentId);
  // Amounts $1.01…$1.21: each pending row is told apart by its amount, the way a person reads the inbox.
  for (let i = 1; i <= SEEDED; i += 1) {
    const action = await request.post(`${API}/agents/me/transfer-out`, { headers: bearer, data: { source: { accountId: c.accountId }, destination: { accountId: c.externalAccountId }, amount: 100 + i } });
    expect(action.status(), await action.text()).toBe(201);
    const body = await action.json();
    expect(body.status).toBe("PENDING_APPROVAL");
    const amount = `$1.${String(i).padStart(2, "0")}`;
    seed.amounts.push(amount);
    seed.actionIdByAmount.set(amount, body.id as string);
  }
});

/** What the API says the whole list holds: every page together must show exactly this many rows. */
async function totalCount(page: Page, path: string): Promise<number> {
  const response = await page.request.get(`${API}${path}`, { headers });
  expect(response.status()).toBe(200);
  const { totalCount } = (await response.json()) as { totalCount?: number };
  expect(totalCount).toBeDefined();
  return totalCount!;
}

function agentIdsShown(page: Page): Promise<string[]> {
  return page
    .getByRole("table", { name: "Agents" })
    .locator('a[href^="/agents/"]')
    .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute("href")!.slice("/agents/".length))));
}

/** The inbox's rows as amounts; rows of other agents (none in a fresh run) show as "other". */
function approvalAmountsShown(page: Page, payerName: string): Promise<string[]> {
  return page
    .getByRole("table", { name: "Pending approvals" })
    .locator("tbody tr")
    .evaluateAll(
      (rows, name) => rows.map((row) => (row.textContent?.includes(name) ? (row.querySelector('[data-testid="approval-amount"]')?.textContent ?? "") : "other")),
      payerName,
    );
}

/** Follows Next page from page 1 to the last, answering each page's rows (at most 10 pages). */
async function walkPages(page: Page, pager: Locator, rowsShown: () => Promise<string[]>, pageParam: string): Promise<string[][]> {
  const pages: string[][] = [];
  for (let n = 1; n <= 10; n += 1) {
    await expect(pager).toContainText(`Page ${n}`);
    pages.push(await rowsShown());
    const next = pager.getByRole("link", { name: "Next page" });
    if ((await next.count()) === 0) return pages;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`[?&]${pageParam}=${n + 1}(&|$)`));
  }
  throw new Error("more than 10 pages");
}

function expectNoneSkippedOrRepeated(pages: string[][], seeded: string[], total: number) {
  const all = pages.flat();
  expect(pages[0]).toHaveLength(PAGE_SIZE);
  expect(pages[1]!.filter((row) => row !== "other" && pages[0]!.includes(row)), "page 2 repeats page 1").toEqual([]);
  const own = all.filter((row) => row !== "other");
  expect(new Set(own).size, "a row shows on two pages").toBe(own.length);
  expect([...own].filter((row) => seeded.includes(row)).sort()).toEqual([...seeded].sort());
  expect(all, "the pages together hold every row the API counts").toHaveLength(total);
}

test("the agents list pages past its first 20 agents: page 2 holds the rest, none skipped or repeated, and the URL keeps the page through a reload and Back", async ({ page }) => {
  await signIn(page);
  await page.goto("/agents");
  const pager = page.getByRole("navigation", { name: "Agent pages" });
  await expect(pager.getByRole("link", { name: "First page" })).toHaveCount(0);
  const pages = await walkPages(page, pager, () => agentIdsShown(page), "page");
  expect(pages.length).toBeGreaterThanOrEqual(2);
  expectNoneSkippedOrRepeated(pages, seed.agentIds, await totalCount(page, "/agents?limit=1"));
  // Newest first: the last agent created (the payer) leads page 1, the first created is on a later page.
  expect(pages[0]![0]).toBe(seed.payer.agentId);
  expect(pages[0]).not.toContain(seed.agentIds[0]);

  // Back to page 2 by its URL: a reload shows the same rows, and the approvals inbox stayed on its first page.
  await pager.getByRole("link", { name: "First page" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(pager).toContainText("Page 1");
  expect(await agentIdsShown(page)).toEqual(pages[0]);
  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/agents\?cursor=[^&]+&page=2$/);
  await expect(pager).toContainText("Page 2");
  const pageTwoUrl = page.url();
  await page.reload();
  expect(page.url()).toBe(pageTwoUrl);
  await expect(pager).toContainText("Page 2");
  expect(await agentIdsShown(page)).toEqual(pages[1]);
  await expect(page.getByRole("navigation", { name: "Approval pages" })).toContainText("Page 1");

  // The browser's Back is the previous page.
  await page.goBack();
  await expect(page).toHaveURL(/\/agents$/);
  await expect(pager).toContainText("Page 1");
  expect(await agentIdsShown(page)).toEqual(pages[0]);
});

test("the approvals inbox pages past its first 20 pending payments on its own: none skipped or repeated, and a reload keeps both lists' pages", async ({ page }) => {
  await signIn(page);
  await page.goto("/agents");
  const inboxPager = page.getByRole("navigation", { name: "Approval pages" });
  const amounts = () => approvalAmountsShown(page, seed.payer.name);
  const pages = await walkPages(page, inboxPager, amounts, "approvalsPage");
  expect(pages.length).toBeGreaterThanOrEqual(2);
  expectNoneSkippedOrRepeated(pages, seed.amounts, await totalCount(page, "/agents/approvals?limit=1"));
  // Newest first; every seeded payment is one action, shown once.
  expect(pages[0]![0]).toBe("$1.21");
  expect(new Set(pages.flat().map((amount) => seed.actionIdByAmount.get(amount)).filter(Boolean)).size).toBe(SEEDED);

  // Both lists on page 2 at once: each pager keeps the other's place, and a reload keeps both.
  await inboxPager.getByRole("link", { name: "First page" }).click();
  await expect(page).toHaveURL(/\/agents$/);
  const agentPager = page.getByRole("navigation", { name: "Agent pages" });
  await agentPager.getByRole("link", { name: "Next page" }).click();
  await expect(agentPager).toContainText("Page 2");
  const agentsOnPageTwo = await agentIdsShown(page);
  await inboxPager.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/agents" && url.searchParams.get("page") === "2" && url.searchParams.get("approvalsPage") === "2" && Boolean(url.searchParams.get("cursor") && url.searchParams.get("approvalsCursor")));
  await expect(inboxPager).toContainText("Page 2");
  await expect(agentPager).toContainText("Page 2");
  await page.reload();
  await expect(inboxPager).toContainText("Page 2");
  await expect(agentPager).toContainText("Page 2");
  expect(await amounts()).toEqual(pages[1]);
  expect(await agentIdsShown(page)).toEqual(agentsOnPageTwo);
  // First page of the inbox leaves the agents on their page 2.
  await inboxPager.getByRole("link", { name: "First page" }).click();
  await expect(inboxPager).toContainText("Page 1");
  await expect(agentPager).toContainText("Page 2");
  expect(await amounts()).toEqual(pages[0]);
  expect(await agentIdsShown(page)).toEqual(agentsOnPageTwo);
});

test("an agent's own page pages its pending payments: 20, then the 21st, and back", async ({ page }) => {
  await signIn(page);
  const base = `/agents/${encodeURIComponent(seed.payer.agentId)}`;
  await page.goto(base);
  const pager = page.getByRole("navigation", { name: "Approval pages" });
  const pages = await walkPages(page, pager, () => approvalAmountsShown(page, seed.payer.name), "page");
  expect(pages.map((p) => p.length)).toEqual([PAGE_SIZE, 1]);
  expectNoneSkippedOrRepeated(pages, seed.amounts, SEEDED);
  expect(pages[1]).toEqual(["$1.01"]);
  await page.reload();
  await expect(pager).toContainText("Page 2");
  expect(await approvalAmountsShown(page, seed.payer.name)).toEqual(["$1.01"]);
  await pager.getByRole("link", { name: "First page" }).click();
  await expect(page).toHaveURL(new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  expect(await approvalAmountsShown(page, seed.payer.name)).toEqual(pages[0]);
});
