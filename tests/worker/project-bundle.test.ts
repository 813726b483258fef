/**
 * A project's export and import through HTTP against the built Worker (issue 13, "Export and
 * import"): the .zip unpacked (README, bible.md, each conversation of the project with its front
 * matter, none from elsewhere), the .docx opened, the import's round trip into a fresh project,
 * its merge (a known name updated, never duplicated), its refusals (a bad file with the line, over
 * 500 entries, too large, wrong type) changing nothing, and another writer's project id → 404 on
 * all three routes.
 */
import { env } from "cloudflare:workers";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createD1Database } from "../../db/client";
import { createEntries, type NewEntry } from "../../db/queries/bible-entries";
import { applyBibleImport } from "../../db/queries/bible-import";
import {
  createProject as createProjectQuery,
  readProject as readProjectQuery,
  updateProject,
  type ProjectChanges,
} from "../../db/queries/projects";
import type { ProjectKind } from "../../app/projects/bible";
import { MAX_ENTRIES_PER_PROJECT, MAX_PROJECTS_PER_WRITER } from "../../app/rules/project-limits";
import { type SignedUpUser, signUp } from "./support/accounts";
import { Browser, ORIGIN } from "./support/browser";
import { seedEntry } from "./support/history-seed";

/*
 * Projects and entries are set up and read back through the query layer on the same D1 the
 * Worker uses: these tests are about the three bundle routes, not the projects API.
 */
const db = () => createD1Database(env.DB);
type Project = NonNullable<Awaited<ReturnType<typeof readProjectQuery>>>;

async function createProject(user: SignedUpUser, fields: { title: string; logline?: string; kind?: ProjectKind } & ProjectChanges): Promise<Project> {
  const { title, logline, kind, ...sections } = fields;
  const created = await createProjectQuery({ db: db(), userId: user.userId, title, logline, kind, limit: MAX_PROJECTS_PER_WRITER });
  if (created === "limit") throw new Error("project limit");
  if (Object.keys(sections).length > 0) await updateProject({ db: db(), userId: user.userId, id: created.id, changes: sections });
  return readProject(user, created.id);
}

async function addEntries(user: SignedUpUser, projectId: string, entries: NewEntry[]) {
  const created = await createEntries({ db: db(), userId: user.userId, projectId, entries, limit: MAX_ENTRIES_PER_PROJECT });
  if (!Array.isArray(created)) throw new Error(`entries not added: ${created}`);
}

async function readProject(user: SignedUpUser, id: string): Promise<Project> {
  const project = await readProjectQuery({ db: db(), userId: user.userId, id });
  if (!project) throw new Error("no such project");
  return project;
}

function importInto(user: SignedUpUser, projectId: string, markdown: string, type = "text/markdown; charset=utf-8") {
  return user.browser.request(`/api/projects/${projectId}/import`, {
    method: "POST",
    headers: { Accept: "application/json", Origin: ORIGIN, "Content-Type": type },
    body: markdown,
  });
}

/** The bible as the writer sees it: no ids or dates, entries by name. */
function bibleOf(project: Project) {
  const { synopsis, genreTone, setting, styleNotes, styleSample } = project;
  const entries = project.entries
    .map(({ kind, name, aliases, description, notes, alwaysInclude }) => ({ kind, name, aliases, description, notes, alwaysInclude }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { sections: { synopsis, genreTone, setting, styleNotes, styleSample }, entries };
}

async function unzip(response: Response): Promise<Record<string, string>> {
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

const ENTRIES: NewEntry[] = [
  {
    kind: "character",
    name: "Agnes Pell",
    aliases: ["Aggie", "Pell, Agnes"],
    description: "Retired lock-keeper.\n\n# Her one rule\n\n---\n\nNever open the sluice at night.",
    notes: "Dies in act three.",
    alwaysInclude: true,
  },
  { kind: "place", name: "The Lock House", aliases: [], description: "A stone cottage by the weir — 東京 in winter.", notes: "", alwaysInclude: false },
  { kind: "theme", name: "Grief", aliases: ["mourning"], description: "", notes: "Keep it quiet.", alwaysInclude: false },
];

let owner: SignedUpUser;
let stranger: SignedUpUser;
let lockHouse: Project;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signUp(), signUp()]);
  lockHouse = await createProject(owner, {
    title: "The Lock House",
    logline: "A keeper inherits a haunted lock.",
    kind: "novel",
    synopsis: "Agnes returns to the weir.\n\n## Act one\n\nShe arrives.",
    genreTone: "Gothic, dry humour.",
    styleNotes: "Short sentences.",
  });
  await addEntries(owner, lockHouse.id, ENTRIES);
  lockHouse = await readProject(owner, lockHouse.id);
});

async function seedConversation(user: SignedUpUser, projectId: string | null, fields: Parameters<typeof seedEntry>[1]) {
  const seeded = await seedEntry(user.userId, fields);
  if (projectId) await env.DB.prepare("UPDATE query_history SET project_id = ? WHERE id = ?").bind(projectId, seeded.id).run();
  return seeded;
}

describe("GET /api/projects/:id/export.zip", () => {
  it("holds README.md, bible.md and every conversation of the project — and none from elsewhere", async () => {
    await seedConversation(owner, lockHouse.id, { queryType: "prose", element: "outline", prompt: "Outline the lock.", answer: "## Act one\n\nAgnes arrives.", title: "The outline", starred: true });
    await seedConversation(owner, lockHouse.id, { queryType: "stage", element: "dialogue", prompt: "A scene at the weir.", answer: "**AGNES**\nNot tonight." });
    await seedConversation(owner, null, { queryType: "prose", prompt: "Unrelated prompt", answer: "Unrelated answer" });

    const response = await owner.browser.request(`/api/projects/${lockHouse.id}/export.zip?tz=Europe/Berlin`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toContain('filename="the-lock-house.zip"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const files = await unzip(response);
    const names = Object.keys(files).sort();
    expect(names).toEqual([
      "README.md",
      "bible.md",
      expect.stringMatching(/^conversations\/prose\/\d{4}-\d{2}-\d{2}-the-outline\.md$/),
      expect.stringMatching(/^conversations\/stage\/\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$/),
    ]);
    expect(files["README.md"]).toContain("3 entries");
    expect(files["README.md"]).toContain("2 conversations");
    const bible = files["bible.md"]!;
    expect(bible).toMatch(/^---\nformat: "the-write-stuff\/bible"\nversion: 1\ntitle: "The Lock House"/);
    expect(bible).toContain("### Agnes Pell\n\n- Kind: Character\n- Aliases: Aggie, \"Pell, Agnes\"\n- Always include: yes\n\nRetired lock-keeper.\n\n\\# Her one rule");
    expect(bible).toContain("#### Private notes\n\nDies in act three.");
    const outline = files[names[2]!]!;
    expect(outline).toMatch(/^---\ntitle: "The outline"\ntool: "Fictional Prose"\nelement: "Story outline"\ncreated: "[^"]+"\nstarred: true\nproject: "The Lock House"\n---\n/);
    expect(outline).toContain("## Prompt\n\nOutline the lock.\n\n## Response\n\n## Act one\n\nAgnes arrives.");
    expect(Object.values(files).join("\n")).not.toContain("Unrelated");
  });
});

describe("POST /api/projects/:id/import", () => {
  async function exportedBible(user: SignedUpUser, projectId: string): Promise<string> {
    return (await unzip(await user.browser.request(`/api/projects/${projectId}/export.zip`)))["bible.md"]!;
  }

  it("round trip: the exported bible imported into a fresh project reads back the same", async () => {
    const fresh = await createProject(owner, { title: "A copy" });
    const response = await importInto(owner, fresh.id, await exportedBible(owner, lockHouse.id));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { imported: { added: number; updated: number; sections: string[] } };
    expect(body.imported).toEqual({ added: 3, updated: 0, sections: ["synopsis", "genreTone", "styleNotes"] });
    const copy = await readProject(owner, fresh.id);
    expect(bibleOf(copy)).toEqual(bibleOf(lockHouse));
    expect(copy.title).toBe("A copy");
  });

  it("merges: filled sections replace, a known name (any case) is updated not duplicated, new names are added", async () => {
    const target = await createProject(owner, { title: "Merge", synopsis: "Old synopsis.", setting: "Old setting." });
    await addEntries(owner, target.id, [{ kind: "character", name: "Agnes Pell", aliases: ["Aggie"], description: "Old.", notes: "Mine.", alwaysInclude: false }]);
    const file = "## Synopsis\n\nNew synopsis.\n\n## Setting\n\n## Entries\n\n### agnes pell\n\n- Always include: yes\n\nNew description.\n\n### The Weir\n\nWater.\n";
    expect((await importInto(owner, target.id, file)).status).toBe(200);
    const after = await readProject(owner, target.id);
    expect(after.synopsis).toBe("New synopsis.");
    expect(after.setting).toBe("Old setting.");
    expect(after.entries).toHaveLength(2);
    const agnes = after.entries.find((entry) => entry.name.toLowerCase() === "agnes pell")!;
    expect(agnes).toMatchObject({ kind: "character", aliases: ["Aggie"], description: "New description.", notes: "Mine.", alwaysInclude: true });
    expect(after.entries.find((entry) => entry.name === "The Weir")).toMatchObject({ kind: "other", description: "Water." });
  });

  it("a file with problems: 400 naming each by line, and nothing changes", async () => {
    const before = await readProject(owner, lockHouse.id);
    const response = await importInto(owner, lockHouse.id, "## Synopsis\n\nChanged.\n\n## Prologue\n\n## Entries\n\n### Agnes Pell\n\n- Kind: Wizard\n");
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain("nothing was changed");
    expect(error).toContain('Line 5: "## Prologue" is not a section of the bible.');
    expect(error).toContain('Line 11: "Wizard" is not a kind of entry.');
    expect(bibleOf(await readProject(owner, lockHouse.id))).toEqual(bibleOf(before));
  });

  it("past 500 entries: 409, and neither sections nor entries change", async () => {
    const full = await createProject(owner, { title: "Full", synopsis: "Kept." });
    await addEntries(owner, full.id, Array.from({ length: 499 }, (_, i) => ({ kind: "thing", name: `Thing ${i}`, aliases: [], description: "", notes: "", alwaysInclude: false })));
    const file = "## Synopsis\n\nReplaced?\n\n## Entries\n\n### Thing 1\n\nUpdated?\n\n### New one\n\n### New two\n";
    const response = await importInto(owner, full.id, file);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toBe(
      "The project has 499 entries; adding 2 more would pass the limit of 500. Nothing was changed.",
    );
    const after = await readProject(owner, full.id);
    expect(after.synopsis).toBe("Kept.");
    expect(after.entries).toHaveLength(499);
    expect(after.entries.find((entry) => entry.name === "Thing 1")!.description).toBe("");
    // One new entry fits exactly.
    expect((await importInto(owner, full.id, "## Entries\n\n### New one\n")).status).toBe(200);
    expect((await readProject(owner, full.id)).entries).toHaveLength(500);
  });

  it("the batch itself refuses past 500 (entries added between planning and writing): nothing changes", async () => {
    const raced = await createProject(owner, { title: "Raced", synopsis: "Kept." });
    await addEntries(owner, raced.id, Array.from({ length: 499 }, (_, i) => ({ kind: "thing", name: `Thing ${i}`, aliases: [], description: "", notes: "", alwaysInclude: false })));
    const before = await readProject(owner, raced.id);
    const thing = before.entries[0]!;
    const entry = { kind: "other" as const, aliases: [], description: "", notes: "", alwaysInclude: false };
    const outcome = await applyBibleImport({
      db: db(),
      userId: owner.userId,
      projectId: raced.id,
      changes: {
        sections: { synopsis: "Replaced?" },
        updates: [{ entryId: thing.id, changes: { description: "Updated?" } }],
        creates: [{ ...entry, name: "New one" }, { ...entry, name: "New two" }],
      },
      maxEntries: MAX_ENTRIES_PER_PROJECT,
      previousUpdatedAt: before.updatedAt,
    });
    expect(outcome).toBe("unchanged");
    expect(await readProject(owner, raced.id)).toEqual(before);
    // Another writer's project: unchanged too.
    const foreign = await applyBibleImport({
      db: db(),
      userId: stranger.userId,
      projectId: lockHouse.id,
      changes: { sections: { synopsis: "Taken over." }, updates: [], creates: [{ ...entry, name: "Intruder" }] },
      maxEntries: MAX_ENTRIES_PER_PROJECT,
      previousUpdatedAt: new Date(0),
    });
    expect(foreign).toBe("unchanged");
    expect((await readProject(owner, lockHouse.id)).synopsis).toBe(lockHouse.synopsis);
  });

  it("refuses a wrong type (415), an empty file (400), one that is not UTF-8 (400) and one over 8 MB (413)", async () => {
    expect((await importInto(owner, lockHouse.id, "## Synopsis\n\nx", "application/json")).status).toBe(415);
    expect((await importInto(owner, lockHouse.id, "  \n")).status).toBe(400);
    const latin1 = await owner.browser.request(`/api/projects/${lockHouse.id}/import`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "text/markdown" },
      body: new Uint8Array([0x23, 0x23, 0x20, 0xe9, 0xff]),
    });
    expect(latin1.status).toBe(400);
    const huge = await importInto(owner, lockHouse.id, `## Synopsis\n\n${"x".repeat(8 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toContain("too large");
  });
});

describe("another writer's project id", () => {
  it("is a 404 on export.zip and import, and the import changes nothing", async () => {
    const before = await readProject(owner, lockHouse.id);
    const response = await stranger.browser.request(`/api/projects/${lockHouse.id}/export.zip`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toBe("This project was not found. It may have been deleted.");
    const imported = await importInto(stranger, lockHouse.id, "## Synopsis\n\nTaken over.\n\n## Entries\n\n### Intruder\n");
    expect(imported.status).toBe(404);
    expect(bibleOf(await readProject(owner, lockHouse.id))).toEqual(bibleOf(before));
    const unknown = crypto.randomUUID();
    expect((await owner.browser.request(`/api/projects/${unknown}/export.zip`)).status).toBe(404);
  });

  it("signed out: 401 on both", async () => {
    const anonymous = new Browser();
    expect((await anonymous.request(`/api/projects/${lockHouse.id}/export.zip`)).status).toBe(401);
    const response = await anonymous.request(`/api/projects/${lockHouse.id}/import`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "text/markdown" },
      body: "## Synopsis\n\nx",
    });
    expect(response.status).toBe(401);
  });
});
