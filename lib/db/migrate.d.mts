// Types for the plain-ESM migration runner at prisma/migrate.mjs (see lib/db/open-database.ts,
// loadMigrationRunner). Type-only: `import type * as Runner from "@/lib/db/migrate.mjs"` resolves
// here, but there is no lib/db/migrate.mjs at runtime — load the runner with loadMigrationRunner().
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";

/** Apply pending migrations from prisma/migrations (idempotent). Paths resolve from process.cwd(). */
export declare function deploy(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<{ appliedMigrationNames: string[] }>;

/** Write prisma/migrations/<yyyymmddhhmmss>_<name>/migration.sql; null (prints "no changes") when the diff is empty. */
export declare function create(name: string): Promise<string | null>;

/** Throws when prisma/schema.prisma has changes that no migration covers. */
export declare function check(): Promise<void>;
