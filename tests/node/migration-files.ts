/** The project's migration files, as libSQL tests apply them: in order, split the way drizzle-kit marks statements. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const migrationsDir = path.resolve(import.meta.dirname, "../../migrations");

/** Every migration file's name, in the order they apply. */
export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** The statements of the named migration files (all of them when none are named). */
export function migrationStatements(names: string[] = migrationFiles()): string[] {
  return names
    .flatMap((name) => readFileSync(path.join(migrationsDir, name), "utf8").split("--> statement-breakpoint"))
    .map((statement) => statement.trim())
    .filter(Boolean);
}
