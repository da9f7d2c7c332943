import { defineConfig } from "@playwright/test";
import { E2E_SIGN_IN_IP_MAX_FAILURES } from "./support";

/** E2E_PORT lets a second checkout run its suite beside this one (CI checks while people work). */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;

/** Runs against the production build through the one Node server (`npm run build` first). */
export default defineConfig({
  testDir: ".",
  outputDir: "../test-results",
  reporter: "list",
  workers: 1,
  fullyParallel: false,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "rm -rf .data/e2e && node dist/server.js",
    cwd: "..",
    url: `${BASE_URL}/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      PGLITE_DIR: ".data/e2e",
      DATABASE_URL: "",
      NEXTAUTH_URL: BASE_URL,
      NEXTAUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret",
      BOOTSTRAP_ADMIN_EMAIL: "admin@example.com",
      BOOTSTRAP_ADMIN_PASSWORD: "e2e-admin-password",
      BOOTSTRAP_API_CLIENT_ID: "e2e-client",
      BOOTSTRAP_API_CLIENT_SECRET: "e2e-secret",
      STAFF_SIGN_IN_IP_MAX_FAILURES: String(E2E_SIGN_IN_IP_MAX_FAILURES),
      NEXT_TELEMETRY_DISABLED: "1",
    },
  },
});
