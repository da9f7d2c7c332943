// A PostgreSQL cluster of the test's own, on a free port in a temporary directory, so that a test
// can crash the database server itself (`pg_ctl stop -m immediate`: every backend killed, no
// checkpoint, WAL replayed at the next start) without touching the server other suites share.
// Uses the PostgreSQL binaries that come with the machine's server (Debian: /usr/lib/postgresql/N/bin).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { loadMigrationRunner } from "@/lib/db/open-database";
import { freePort } from "./server-process";

const run = promisify(execFile);

export interface PrivateCluster {
  /** Its `postgres` database, migrated as production migrates. */
  url: string;
  /** Kills the server as a crash would: no shutdown checkpoint, open transactions lost. */
  crash(): Promise<void>;
  /** Starts it again; PostgreSQL replays its WAL before it accepts connections. */
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb"))) : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL server binaries under ${root} (Debian's postgresql package installs them)`);
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0]!, "bin");
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reliability-pg-"));
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run("chown", ["postgres:postgres", dir]);
  const pgTool = (tool: string, args: string[]) => (asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args));

  const start = async () => {
    await pgTool("pg_ctl", ["-D", dir, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "start"]);
  };
  const crash = async () => {
    await pgTool("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"]);
  };
  const destroy = async () => {
    await crash().catch(() => undefined); // not running: nothing to stop
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  try {
    await pgTool("initdb", ["-D", dir, "-U", "postgres", "-A", "trust", "--no-sync"]);
    await start();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const { deploy } = await loadMigrationRunner();
      await deploy(new PrismaPg(pool));
    } finally {
      await pool.end();
    }
  } catch (e) {
    await destroy();
    throw e;
  }
  return { url, crash, start, destroy };
}
