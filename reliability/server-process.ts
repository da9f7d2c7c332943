// The service as its own process (API only), for tests that need real HTTP and a real crash.
import fs from "node:fs";
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

export interface ServerProcess {
  origin: string;
  /** SIGKILL: no shutdown hooks, open transactions die with their connections. */
  kill(): Promise<void>;
  /** Start again on the same port and database. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(options: { databaseUrl: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, "..");
  let child: ChildProcess | undefined;
  let log = "";

  async function launch() {
    child = spawn(process.execPath, ["--import", "tsx", "lib/server.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        API_ONLY: "1",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: options.databaseUrl,
        API_RATE_LIMIT_PER_SECOND: "0",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
    // RELIABILITY_SERVER_LOG=<file> keeps every server's output (across restarts) to explain a failure.
    const logFile = process.env.RELIABILITY_SERVER_LOG;
    if (logFile) for (const stream of [child.stdout!, child.stderr!]) stream.on("data", (d: Buffer) => fs.appendFileSync(logFile, d));
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log}`);
      if (await answers(`http://127.0.0.1:${port}/api/2025-10-13/openapi.json`)) return;
      if (Date.now() - started > 60_000) throw new Error(`server did not start within 60 s:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function kill(signal: NodeJS.Signals) {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((resolve) => c.once("exit", resolve));
    c.kill(signal);
    await exited;
  }

  await launch();
  return {
    origin: `http://127.0.0.1:${port}`,
    kill: () => kill("SIGKILL"),
    restart: launch,
    stop: () => kill("SIGTERM"),
    output: () => log,
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}
