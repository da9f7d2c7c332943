import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWallet } from "../actions";
import { endWalletSession } from "./end-wallet-session";
import { openWalletPages } from "./wallet-pages-fixtures";

let pages: Awaited<ReturnType<typeof openWalletPages>>;
beforeAll(async () => {
  pages = await openWalletPages();
});
afterAll(async () => pages.close());

describe("endWalletSession (the wallet page's Sign out)", () => {
  it("ends the session on the server: a copy of the tab's key no longer reads the wallet", async () => {
    const wallet = await pages.walletWithLink();
    const session = await pages.signIn(wallet.link);
    const other = await pages.signIn(wallet.link);

    expect(await endWalletSession(wallet.link, session)).toEqual({ ok: true, data: null });

    expect(await pages.activeSessionIds(wallet.accountId)).toEqual([other.sessionId]);
    expect(await loadWallet(await pages.proof(wallet.link, session))).toMatchObject({ ok: false, error: { code: "SESSION_EXPIRED" } });
  });

  it("a session that already ended counts as ended; a failure to end one is answered, not hidden", async () => {
    const wallet = await pages.walletWithLink();
    const session = await pages.signIn(wallet.link);
    expect(await endWalletSession(wallet.link, session)).toEqual({ ok: true, data: null });
    expect(await endWalletSession(wallet.link, session)).toEqual({ ok: true, data: null });

    const live = await pages.signIn(wallet.link);
    const result = await endWalletSession(`${wallet.link}x`, live);
    expect(result).toMatchObject({ ok: false, error: { code: "LINK_INVALID" } });
    expect(await pages.activeSessionIds(wallet.accountId)).toEqual([live.sessionId]);
  });
});
