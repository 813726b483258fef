/**
 * The projects API against the built Worker (issue 13): another writer's project or entry id is a
 * 404 on every route and changes nothing (the rows are read back), the limits answer with a clear
 * 400/409 and change nothing, delete keeps (detach) or deletes the conversations, archiving, and
 * the active project.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_DESCRIPTION_CHARS, MAX_ENTRIES_PER_PROJECT, MAX_NAME_CHARS, MAX_PROJECTS_PER_WRITER, MAX_STYLE_SAMPLE_CHARS } from "../../app/rules/project-limits";
import { projectErrorTexts } from "../../app/messages/projects";
import { type SignedUpUser, signUp } from "./support/accounts";
import { Browser } from "./support/browser";
import { historyOf, turnsOf } from "./support/db";
import { startConversation, uniqueMarker } from "./support/generation";
import {
  activeProjectIdOf,
  addEntriesVia,
  countOf,
  createProjectVia,
  patchProjectVia,
  projectRows,
  sendJson,
  type ApiEntry,
  type ApiProject,
} from "./support/projects";

const agnes = { kind: "character", name: "Agnes Pell", aliases: ["Aggie"], description: "Retired lock-keeper.", notes: "Secretly the narrator." };

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: string }) };
}

describe("projects API: another writer's ids", () => {
  let owner: SignedUpUser;
  let intruder: SignedUpUser;
  let project: ApiProject;
  let entry: ApiEntry;
  let intruderProject: ApiProject;

  beforeAll(async () => {
    [owner, intruder] = await Promise.all([signUp(), signUp()]);
    project = await createProjectVia(owner.browser, { title: "The Lock House", logline: "A haunted lock.", kind: "novel" });
    entry = (await addEntriesVia(owner.browser, project.id, [agnes]))[0]!;
    intruderProject = await createProjectVia(intruder.browser, { title: "Mine" });
    await sendJson(owner.browser, "PUT", "/api/active-project", { projectId: project.id });
  });

  const projectPath = () => `/api/projects/${project.id}`;
  const entryPath = () => `${projectPath()}/entries/${entry.id}`;
  const attempts: [string, () => [string, string, unknown?]][] = [
    ["GET the project", () => ["GET", projectPath()]],
    ["PATCH the project", () => ["PATCH", projectPath(), { title: "Taken", archived: true, synopsis: "Mine now." }]],
    ["DELETE it, detaching", () => ["DELETE", `${projectPath()}?conversations=detach`]],
    ["DELETE it with its conversations", () => ["DELETE", `${projectPath()}?conversations=delete`]],
    ["POST entries to it", () => ["POST", `${projectPath()}/entries`, { entries: [{ kind: "place", name: "The Weir" }] }]],
    ["PATCH its entry", () => ["PATCH", entryPath(), { name: "Taken", notes: "" }]],
    ["append to its entry", () => ["PATCH", entryPath(), { appendDescription: "More." }]],
    ["DELETE its entry", () => ["DELETE", entryPath()]],
    ["its entry under the intruder's own project (PATCH)", () => ["PATCH", `/api/projects/${intruderProject.id}/entries/${entry.id}`, { name: "Taken" }]],
    ["its entry under the intruder's own project (DELETE)", () => ["DELETE", `/api/projects/${intruderProject.id}/entries/${entry.id}`]],
    ["PUT it as the active project", () => ["PUT", "/api/active-project", { projectId: project.id }]],
    ["filter history by it", () => ["GET", `/api/history?section=all&project=${project.id}`]],
  ];

  for (const [name, request] of attempts) {
    it(`${name}: 404 and nothing changes`, async () => {
      const before = await projectRows(project.id);
      const [method, path, body] = request();
      const response = await sendJson(intruder.browser, method, path, body);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toMatch(/not found/);
      expect(await projectRows(project.id)).toEqual(before);
      expect(await activeProjectIdOf(owner.userId)).toBe(project.id);
      expect(await activeProjectIdOf(intruder.userId)).toBeNull();
    });
  }

  it("the owner's list and project are theirs alone", async () => {
    const list = (await (await sendJson(intruder.browser, "GET", "/api/projects")).json()) as { projects: ApiProject[]; activeProjectId: string | null };
    expect(list.projects.map((p) => p.id)).toEqual([intruderProject.id]);
    expect(list.activeProjectId).toBeNull();
    const mine = (await (await sendJson(owner.browser, "GET", "/api/projects")).json()) as { projects: ApiProject[]; activeProjectId: string | null };
    expect(mine).toMatchObject({ projects: [{ id: project.id, title: "The Lock House", entryCount: 1, conversationCount: 0 }], activeProjectId: project.id });
    const read = (await (await sendJson(owner.browser, "GET", projectPath())).json()) as ApiProject & { entries: ApiEntry[] };
    expect(read.entries).toEqual([expect.objectContaining({ name: "Agnes Pell", aliases: ["Aggie"], notes: "Secretly the narrator." })]);
  });

  it("a signed-out visitor gets a 401 and nothing", async () => {
    const response = await sendJson(new Browser(), "GET", projectPath());
    expect(await errorOf(response)).toMatchObject({ status: 401, error: projectErrorTexts.signedOut });
  });
});

describe("projects API: bad input and limits", () => {
  it("refuses over-long fields, unknown kinds and empty changes with a clear 400; nothing changes", async () => {
    const { browser } = await signUp();
    const project = await createProjectVia(browser);
    const before = await projectRows(project.id);
    const cases: [string, string, unknown, string][] = [
      ["POST", "/api/projects", { title: "x".repeat(MAX_NAME_CHARS + 1) }, projectErrorTexts.tooLong("The title", MAX_NAME_CHARS)],
      ["POST", "/api/projects", { title: "   " }, projectErrorTexts.titleRequired],
      ["POST", "/api/projects", { title: "Ok", kind: "opera" }, projectErrorTexts.unknownKind],
      ["PATCH", `/api/projects/${project.id}`, { styleSample: "x".repeat(MAX_STYLE_SAMPLE_CHARS + 1) }, projectErrorTexts.tooLong("Style sample", MAX_STYLE_SAMPLE_CHARS)],
      ["PATCH", `/api/projects/${project.id}`, { synopsis: "x".repeat(MAX_DESCRIPTION_CHARS + 1) }, projectErrorTexts.tooLong("Synopsis", MAX_DESCRIPTION_CHARS)],
      ["PATCH", `/api/projects/${project.id}`, {}, projectErrorTexts.nothingToChange],
      ["POST", `/api/projects/${project.id}/entries`, { entries: [] }, projectErrorTexts.entriesPerRequest(50)],
      ["POST", `/api/projects/${project.id}/entries`, { entries: [{ ...agnes, aliases: Array.from({ length: 21 }, (_, n) => `A${n}`) }] }, projectErrorTexts.tooManyAliases(20)],
      ["POST", `/api/projects/${project.id}/entries`, { entries: [agnes, { ...agnes, description: "x".repeat(MAX_DESCRIPTION_CHARS + 1) }] }, projectErrorTexts.tooLong("The description", MAX_DESCRIPTION_CHARS)],
      ["POST", `/api/projects/${project.id}/entries`, { entries: [{ kind: "dragon", name: "Smaug" }] }, projectErrorTexts.unknownKind],
      ["DELETE", `/api/projects/${project.id}`, undefined, projectErrorTexts.deleteChoice],
    ];
    for (const [method, path, body, message] of cases) {
      expect(await errorOf(await sendJson(browser, method, path, body)), `${method} ${path}`).toEqual({ status: 400, error: message, title: "Error" });
    }
    const notJson = await browser.request(`/api/projects/${project.id}`, { method: "PATCH", headers: { "Content-Type": "text/plain", Origin: "http://localhost" }, body: "{}" });
    expect(notJson.status).toBe(415);
    expect(await projectRows(project.id)).toEqual(before);
    expect(await countOf("SELECT count(*) AS n FROM projects WHERE title = 'Ok'")).toBe(0);
  });

  it(`answers project ${MAX_PROJECTS_PER_WRITER + 1} with a 409 that says why; nothing is created`, async () => {
    const { browser, userId } = await signUp();
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: MAX_PROJECTS_PER_WRITER }, (_, n) =>
        env.DB.prepare("INSERT INTO projects (id, user_id, title, updated_at) VALUES (?, ?, ?, ?)").bind(crypto.randomUUID(), userId, `P${n}`, now),
      ),
    );
    const response = await sendJson(browser, "POST", "/api/projects", { title: "One too many" });
    expect(await errorOf(response)).toMatchObject({ status: 409, error: projectErrorTexts.projectLimit(MAX_PROJECTS_PER_WRITER) });
    expect(await countOf("SELECT count(*) AS n FROM projects WHERE user_id = ?", userId)).toBe(MAX_PROJECTS_PER_WRITER);
  });

  it(`answers entries past ${MAX_ENTRIES_PER_PROJECT} with a 409; none of the request is added`, async () => {
    const { browser } = await signUp();
    const project = await createProjectVia(browser);
    for (let added = 0; added < MAX_ENTRIES_PER_PROJECT - 2; added += 50) {
      const count = Math.min(50, MAX_ENTRIES_PER_PROJECT - 2 - added);
      await addEntriesVia(browser, project.id, Array.from({ length: count }, (_, n) => ({ kind: "other", name: `E${added + n}` })));
    }
    const response = await sendJson(browser, "POST", `/api/projects/${project.id}/entries`, { entries: [1, 2, 3].map((n) => ({ kind: "lore", name: `Over ${n}` })) });
    expect(await errorOf(response)).toMatchObject({ status: 409, error: projectErrorTexts.entryLimit(MAX_ENTRIES_PER_PROJECT) });
    expect(await countOf("SELECT count(*) AS n FROM bible_entries WHERE project_id = ?", project.id)).toBe(MAX_ENTRIES_PER_PROJECT - 2);
  });

  it("refuses an append that would pass the description limit; the entry keeps its text", async () => {
    const { browser } = await signUp();
    const project = await createProjectVia(browser);
    const [entry] = await addEntriesVia(browser, project.id, [{ ...agnes, description: "x".repeat(MAX_DESCRIPTION_CHARS - 5) }]);
    const path = `/api/projects/${project.id}/entries/${entry!.id}`;
    expect(await errorOf(await sendJson(browser, "PATCH", path, { appendDescription: "Ten chars." }))).toMatchObject({
      status: 400,
      error: projectErrorTexts.descriptionLimit(MAX_DESCRIPTION_CHARS),
    });
    expect((await projectRows(project.id)).entries[0]).toMatchObject({ description: "x".repeat(MAX_DESCRIPTION_CHARS - 5) });
    const appended = await sendJson(browser, "PATCH", path, { description: "Keeper.", appendDescription: "Fears the weir." });
    expect(await appended.json()).toMatchObject({ description: "Keeper.\n\nFears the weir." });
  });
});

describe("projects API: lifecycle", () => {
  /** A conversation saved in `projectId` (set on the row as generate would). */
  async function conversationIn(user: SignedUpUser, projectId: string) {
    const { row } = await startConversation(user.browser, {
      kind: "initial",
      tool: "poetry",
      element: "imagery",
      fields: { premise: `the weir ${uniqueMarker("PJ")}` },
    });
    await env.DB.prepare("UPDATE query_history SET project_id = ? WHERE conversation_id = ?").bind(projectId, row.conversation_id).run();
    return row.conversation_id;
  }

  it("archives and brings back; an archived project cannot be made active and reads as no active project", async () => {
    const user = await signUp();
    const project = await createProjectVia(user.browser);
    expect((await sendJson(user.browser, "PUT", "/api/active-project", { projectId: project.id })).status).toBe(200);
    const archived = await patchProjectVia(user.browser, project.id, { archived: true });
    expect(archived.archivedAt).not.toBeNull();
    const list = (await (await sendJson(user.browser, "GET", "/api/projects")).json()) as { projects: ApiProject[]; activeProjectId: string | null };
    expect(list.activeProjectId).toBeNull();
    expect(list.projects[0]?.archivedAt).toBe(archived.archivedAt);
    const refused = await sendJson(user.browser, "PUT", "/api/active-project", { projectId: project.id });
    expect(await errorOf(refused)).toMatchObject({ status: 404, error: projectErrorTexts.activeUnavailable });
    expect((await patchProjectVia(user.browser, project.id, { archived: false })).archivedAt).toBeNull();
    const cleared = await sendJson(user.browser, "PUT", "/api/active-project", { projectId: null });
    expect(await cleared.json()).toEqual({ activeProjectId: null });
  });

  it("deletes with detach (conversations stay in history, no project) or delete (conversations gone)", async () => {
    const user = await signUp();
    const kept = await createProjectVia(user.browser, { title: "Kept" });
    const gone = await createProjectVia(user.browser, { title: "Gone" });
    await addEntriesVia(user.browser, kept.id, [agnes]);
    const keptConversation = await conversationIn(user, kept.id);
    const goneConversation = await conversationIn(user, gone.id);

    const filtered = (await (await sendJson(user.browser, "GET", `/api/history?section=all&project=${kept.id}`)).json()) as { entries: unknown[] };
    expect(filtered.entries).toHaveLength(1);

    expect(await (await sendJson(user.browser, "DELETE", `/api/projects/${kept.id}?conversations=detach`)).json()).toEqual({ ok: true });
    expect(await (await sendJson(user.browser, "DELETE", `/api/projects/${gone.id}?conversations=delete`)).json()).toEqual({ ok: true });

    const history = await historyOf(user.userId);
    expect(history.map((row) => row.conversation_id)).toEqual([keptConversation]);
    expect((history[0] as unknown as { project_id: string | null }).project_id).toBeNull();
    expect(await turnsOf(keptConversation)).toHaveLength(2);
    expect(await turnsOf(goneConversation)).toHaveLength(0);
    expect(await projectRows(kept.id)).toEqual({ project: null, entries: [] });
    const none = (await (await sendJson(user.browser, "GET", "/api/history?section=all&project=none")).json()) as { entries: { id: string }[] };
    expect(none.entries.map((e) => e.id)).toEqual([history[0]!.id]);
    expect((await sendJson(user.browser, "GET", `/api/projects/${kept.id}`)).status).toBe(404);
  });
});
