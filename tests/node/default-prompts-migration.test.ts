/**
 * Migration 0005 hands the default system prompts over to the files in app/catalog/prompts/:
 * the rows 0001 seeded go, an owner's edited row stays (it still overrides its file).
 */
import { createClient } from "@libsql/client";
import { expect, it } from "vitest";
import { migrationFiles, migrationStatements } from "./migration-files";



it("0005 deletes the seeded system prompts and keeps an owner's edit", async () => {
  const all = migrationFiles();
  const cut = all.findIndex((name) => name.startsWith("0005_"));
  expect(cut).toBeGreaterThan(0);
  const client = createClient({ url: ":memory:" });
  try {
    await client.batch(migrationStatements(all.slice(0, cut)), "write");
    expect((await client.execute("SELECT count(*) AS n FROM system_prompts")).rows[0]!.n).toBe(6);
    await client.execute({
      sql: "UPDATE system_prompts SET prompt_text = ?, updated_at = ? WHERE query_type = ?",
      args: ["The owner's poetry prompt.", Date.UTC(2026, 11, 1), "poetry_unified"],
    });

    await client.batch(migrationStatements(all.slice(cut)), "write");

    const rows = (await client.execute("SELECT query_type, prompt_text FROM system_prompts")).rows;
    expect(rows.map((row) => ({ ...row }))).toEqual([{ query_type: "poetry_unified", prompt_text: "The owner's poetry prompt." }]);
  } finally {
    client.close();
  }
});
