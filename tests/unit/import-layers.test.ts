import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The import layers live in eslint.config.js (issue 32). `npm test` lints the tree; these cases
// show the rules catch what they promise, so a config edit that silently drops them fails here.
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

describe("import layers", () => {
  it("refuses an import up the layers", async () => {
    const errors = await layerErrors("app/lib/probe.ts", 'import { x } from "~/projects/types";\nexport const y = x;\n');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("app/lib must not import");
  });

  it("allows an import down the layers", async () => {
    const errors = await layerErrors("app/projects/probe.ts", 'import { x } from "~/lib/tokens";\nexport const y = x;\n');
    expect(errors).toEqual([]);
  });

  it("keeps texts and rules off the database", async () => {
    const errors = await layerErrors("app/messages/probe.ts", 'import { x } from "~db/queries";\nexport const y = x;\n');
    expect(errors.join("\n")).toContain("reach the database");
  });

  it("refuses a relative climb across folders, which the patterns could not see", async () => {
    const errors = await layerErrors("app/lib/probe.ts", 'import { x } from "../projects/types";\nexport const y = x;\n');
    expect(errors.join("\n")).toContain("through `~/");
  });

  it("keeps db/ below all of app/", async () => {
    const errors = await layerErrors("db/probe.ts", 'import { x } from "~/lib/tokens";\nexport const y = x;\n');
    expect(errors.join("\n")).toContain("bottom layer");
  });

  it("keeps routes out of the entry files' and features' imports", async () => {
    const errors = await layerErrors("app/components/probe.ts", 'import { x } from "~/routes/tool";\nexport const y = x;\n');
    expect(errors).toHaveLength(1);
  });
});
