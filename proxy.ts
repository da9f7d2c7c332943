import { NextResponse, type NextRequest } from "next/server";
import { REQUEST_PATH_HEADER } from "@/lib/auth/dashboard-access";

/**
 * Tells the page which URL was asked for (REQUEST_PATH_HEADER), so a user sent to choose a new
 * password comes back to it afterwards. Overwrites whatever the client sent under that name.
 */
export function proxy(request: NextRequest) {
  const forwarded = new Headers(request.headers);
  forwarded.set(REQUEST_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers: forwarded } });
}

// Dashboard pages only: the Service API never reaches Next (lib/server.ts), and next-auth, static
// files, the wallet pages and the public invitation pages need no redirect target.
export const config = { matcher: ["/((?!api/|_next/|wallet/|invite/|login|favicon\\.ico).*)"] };
