import { expect, test, type Locator, type Page } from "@playwright/test";
import { API, BOOTSTRAP_TOKEN, basicAuth, signIn } from "../support";

/** What has focus, for messages: "BUTTON “Delete”". */
function describeFocused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return "the page body";
    return `${el.tagName} “${(el.getAttribute("aria-label") ?? el.innerText ?? "").trim().slice(0, 40) || el.id}”`;
  });
}

/**
 * Whether the focused element shows a focus indicator that stands out (3:1 against the white page,
 * WCAG 1.4.11): an outline, a ring (a spread box-shadow, as the inputs' focus:ring-1), or a border
 * (the inputs turn theirs brand-600 on focus; unfocused, zinc-300 is 1.5:1).
 */
function hasFocusRing(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return true;
    // A date (or date-time) input's last stop is the browser's own calendar button inside it, with the browser's own ring.
    if (el instanceof HTMLInputElement && (el.type === "date" || el.type === "datetime-local") && !el.matches(":focus")) return true;
    const context = document.createElement("canvas").getContext("2d")!;
    const contrastOnWhite = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      if (a < 128) return 1;
      const [lr, lg, lb] = [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
      return 1.05 / (0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb! + 0.05);
    };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 1 && contrastOnWhite(style.outlineColor) >= 3;
    const rings = [...style.boxShadow.matchAll(/((?:rgba?|lab|lch|oklab|oklch|color)\([^)]*\)) 0px 0px 0px (\d+(?:\.\d+)?)px/g)];
    const ring = rings.some((m) => parseFloat(m[2]!) >= 1 && contrastOnWhite(m[1]!) >= 3);
    const border = parseFloat(style.borderTopWidth) >= 1 && style.borderTopStyle !== "none" && contrastOnWhite(style.borderTopColor) >= 3;
    return outline || ring || border;
  });
}

/** Presses Tab until `target` has focus, checking each stop on the way shows a focus ring. */
async function tabTo(page: Page, target: Locator, maxStops = 60): Promise<void> {
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    // Polled: buttons' transition-colors fades the outline's colour in over 150 ms.
    await expect.poll(() => hasFocusRing(page), { message: `a visible focus ring on ${await describeFocused(page)}`, timeout: 2_000 }).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${maxStops} Tab presses did not reach the target; focus is on ${await describeFocused(page)}`);
}

test("a customer is created and deleted by keyboard alone: skip link, Tab to every field, visible focus, Escape closes the dialog and focus returns", async ({ page }) => {
  const name = `Kay Board ${Date.now()}`;
  await signIn(page);
  await page.goto("/customers/new");
  await expect(page.getByRole("heading", { name: "New customer", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");

  // The first Tab stop skips the sidebar's links.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  await tabTo(page, page.getByLabel("Full name"));
  await page.keyboard.type(name);
  await tabTo(page, page.getByLabel("Your customer ID"));
  await page.keyboard.type(`kb-${Date.now()}`);
  await tabTo(page, page.getByRole("button", { name: "Create customer" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");

  // Delete: Enter opens the confirmation with focus inside it; Escape closes it and focus goes back.
  const remove = page.getByRole("button", { name: "Delete", exact: true });
  await page.locator("main").focus();
  await tabTo(page, remove);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Delete “${name}”?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused(); // the safe choice first
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  // Cancel by Enter returns focus too; then the real thing, by Tab and Enter.
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await page.keyboard.press("Enter");
  await tabTo(page, dialog.getByRole("button", { name: "Delete customer" }), 2);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("This customer was deleted")).toBeVisible();
});

test("a segmented choice is one Tab stop, on the chosen option; the arrow keys change the choice and focus moves with it", async ({ page }) => {
  await signIn(page);
  await page.goto("/customers/new");
  await page.waitForLoadState("networkidle");
  const type = page.getByRole("radiogroup", { name: "Customer type" });
  const individual = type.getByRole("radio", { name: "Individual" });
  const business = type.getByRole("radio", { name: "Business" });
  await page.locator("main").focus();
  await tabTo(page, individual);

  await page.keyboard.press("ArrowRight");
  await expect(business).toBeChecked();
  await expect(business).toBeFocused();
  await expect(page.getByLabel("Legal name")).toBeVisible();
  // Tab leaves the group rather than stopping on the other option; Shift+Tab comes back to the chosen one.
  await page.keyboard.press("Tab");
  await expect(individual).not.toBeFocused();
  await expect(business).not.toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(business).toBeFocused();

  await page.keyboard.press("ArrowRight"); // wraps round to the first
  await expect(individual).toBeChecked();
  await expect(individual).toBeFocused();
  await expect(page.getByLabel("Full name")).toBeVisible();
});

test("every control of the quote form is reached by Tab with a visible focus ring", async ({ page }) => {
  await signIn(page);
  await page.goto("/quotes");
  await expect(page.getByRole("heading", { name: "Quotes", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.locator("main").focus();
  await tabTo(page, page.getByRole("button", { name: /^Get quote/ }));
});

test("the built-in webhook receiver's switch shows a focus ring when reached by Tab", async ({ page }) => {
  await signIn(page);
  await page.goto("/webhooks");
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.locator("main").focus();
  // Before, its ring was brand-100 on white (1.2:1) and the outline was removed: no visible focus.
  await tabTo(page, page.getByRole("switch", { name: "Use the built-in receiver" }));
});

test("revoking a token by keyboard leaves focus on its list, not at the top of the page, once its row is gone", async ({ page, request }) => {
  const name = `Keyboard revoke ${Date.now()}`;
  const created = await request.post(`${API}/tokens`, {
    headers: { authorization: basicAuth(BOOTSTRAP_TOKEN.clientId, BOOTSTRAP_TOKEN.clientSecret) },
    data: { name, permissions: ["VIEW"] },
  });
  expect(created.status()).toBe(201);
  await signIn(page);
  await page.goto("/api-tokens");
  await page.waitForLoadState("networkidle");
  await page.locator("main").focus();
  const revoke = page.getByRole("button", { name: `Revoke token ${name}` });
  await tabTo(page, revoke, 200);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Revoke “${name}”?` });
  await tabTo(page, dialog.getByRole("button", { name: "Revoke token" }), 2);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  // Before, focus fell to the page body and the next Tab started again at the skip link.
  await expect(page.getByRole("heading", { name: "Active tokens", level: 2 })).toBeFocused();
  await expect.poll(() => hasFocusRing(page)).toBe(true);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).not.toBeFocused();
});

test("the built-in receiver's switch, off, stands out from the page (3:1)", async ({ page }) => {
  await signIn(page);
  await page.goto("/webhooks");
  const toggle = page.getByRole("switch", { name: "Use the built-in receiver" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  const contrast = await toggle.evaluate((el) => {
    const context = document.createElement("canvas").getContext("2d")!;
    context.fillStyle = getComputedStyle(el).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    const [lr, lg, lb] = [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
    return 1.05 / (0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb! + 0.05);
  });
  // Before, its zinc-300 track was 1.48:1 against the white card.
  expect(contrast).toBeGreaterThanOrEqual(3);
});
