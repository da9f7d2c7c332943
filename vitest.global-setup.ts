// Gives the test run its own fresh PostgreSQL database, migrated with the same runner production
// uses; tests read its URL with inject("databaseUrl"). Dropped again at the end.
import type { TestProject } from "vitest/node";
import { createFreshDatabase } from "./lib/db/fresh-database";

export default async function setup(project: TestProject) {
  const database = await createFreshDatabase(`test_${process.pid}_${Date.now()}`);
  project.provide("databaseUrl", database.url);
  return database.drop;
}
