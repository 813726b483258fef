/**
 * Importing a bible into a project: filled sections replace, empty ones leave the project's; a
 * new name is added, a known name (any case) is updated — never duplicated — with only what the
 * file states; over 500 entries in all, nothing is planned.
 */
import { describe, expect, it } from "vitest";
import { parseBible, type ParsedBible } from "~/projects/bundle/bible-parse";
import { planImport } from "~/projects/bundle/import-plan";

function bible(markdown: string): ParsedBible {
  const result = parseBible(markdown);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.bible;
}

const FILE = [
  "## Synopsis\n\nA new synopsis.",
  "## Setting",
  "## Entries",
  "### agnes  pell\n\n- Kind: Character\n- Always include: yes\n\nNow the new keeper.",
  "### The Weir\n\nWater.\n\n#### Private notes\n\nDrowned in 1911.",
].join("\n\n");

describe("planning an import", () => {
  it("replaces the filled sections, updates a known name with what the file states and adds the rest", () => {
    const result = planImport([{ id: "e1", name: "Agnes Pell" }, { id: "e2", name: "Mill" }], bible(FILE));
    expect(result).toEqual({
      ok: true,
      plan: {
        sections: { synopsis: "A new synopsis." },
        updates: [{ entryId: "e1", changes: { name: "agnes pell", kind: "character", alwaysInclude: true, description: "Now the new keeper." } }],
        creates: [{ kind: "other", name: "The Weir", aliases: [], description: "Water.", notes: "Drowned in 1911.", alwaysInclude: false }],
      },
    });
  });

  it("refuses, with the counts, when the new entries would pass 500", () => {
    // Agnes Pell is updated, The Weir added: 499 + 1 is the limit exactly.
    const existing = [{ id: "a", name: "Agnes Pell" }, ...Array.from({ length: 498 }, (_, i) => ({ id: `e${i}`, name: `Entry ${i}` }))];
    expect(planImport(existing, bible(FILE)).ok).toBe(true);
    expect(planImport([...existing, { id: "x", name: "Other" }], bible(FILE))).toEqual({ ok: false, existing: 500, adding: 1 });
  });
});
