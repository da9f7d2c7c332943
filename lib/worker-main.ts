// `npm run worker`: the job worker on its own, for deployments that run workers apart from the
// web tier (set IN_PROCESS_WORKER=0 on the app instances). PostgreSQL only: PGlite is one process.
import { openDatabase } from "./db/open-database";
import { schemaProblem } from "./db/schema-problem";
import { startWorker } from "./service/jobs/worker";

if (!process.env.DATABASE_URL) {
  console.error("npm run worker needs DATABASE_URL (postgresql://…): the embedded database runs inside the app process, which has its own worker.");
  process.exit(1);
}
const database = await openDatabase();
const schema = await schemaProblem(database.prisma);
if (schema) {
  console.error(`> Cannot start the worker: ${schema}`);
  process.exit(1);
}
const worker = startWorker(async () => database.prisma);
console.log("> Worker running; Ctrl-C to stop");

async function shutdown() {
  await worker.stop();
  await database.close();
  process.exit(0);
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
