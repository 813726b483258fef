/**
 * A project's story bible in generation (issue 13, decision 013), asserted on the request the
 * stand-in model receives: the context block is a second system message right after the system
 * prompt, with the fixed sections, the always-included entries and the entries mentioned by name,
 * alias or plural — nothing else, and never a private note; the budget's drop order is reported
 * as left out; follow-ups keep the conversation's project; another writer's project is a 404
 * and nothing is charged.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { GenerateEvent } from "../../app/generation/protocol";
import type { TurnContext } from "../../app/projects/types";
import type { HistoryThread } from "../../app/history/types";
import { projectErrorTexts } from "../../app/messages/projects";
import { type SignedUpUser, signUp } from "./support/accounts";
import { conversationRow, historyOf, subscriptionOf, turnsOf } from "./support/db";
import { generateOk, messagesOf, modelRequest, modelRequests, postGenerate, refusal, uniqueMarker } from "./support/generation";
import { addEntriesVia, createProjectVia, patchProjectVia, sendJson } from "./support/projects";
import { eventually } from "./support/wait";

const contextOf = (events: GenerateEvent[]): TurnContext | null => {
  const start = events[0];
  if (start?.type !== "start") throw new Error("no start event");
  return start.context;
};

/** A project with two filled sections and five entries, one always included; each has a private note. */
async function lockHouseProject(user: SignedUpUser, secret: string) {
  const project = await createProjectVia(user.browser, { title: "The Lock House", kind: "novel" });
  await patchProjectVia(user.browser, project.id, { synopsis: "A keeper inherits a haunted lock.", styleNotes: "Short sentences." });
  await addEntriesVia(user.browser, project.id, [
    { kind: "character", name: "Agnes Pell", aliases: ["Aggie"], description: "Retired lock-keeper.", notes: `${secret} agnes` },
    { kind: "place", name: "The Lock House", description: "A stone cottage by the weir.", notes: `${secret} house` },
    { kind: "thing", name: "Weir", description: "Loud in spring.", notes: `${secret} weir` },
    { kind: "theme", name: "Grief", description: "What is kept and let go.", notes: `${secret} grief`, alwaysInclude: true },
    { kind: "character", name: "Boatman", description: "Never seen.", notes: `${secret} boatman` },
  ]);
  return project;
}

const poetry = (premise: string, projectId?: string) => ({ kind: "initial" as const, tool: "poetry", element: "imagery", fields: { premise }, projectId });

describe("generate with a project", () => {
  it("sends the block after the system prompt: sections, always-include, mentions by alias and plural — nothing else, no private notes", async () => {
    const user = await signUp();
    const secret = uniqueMarker("SECRET");
    const project = await lockHouseProject(user, secret);
    const marker = uniqueMarker();
    const generation = await generateOk(user.browser, poetry(`Aggie counts the weirs at dusk ${marker}`, project.id));

    const messages = messagesOf(await modelRequest(marker));
    expect(messages.map((m) => m.role)).toEqual(["system", "system", "user"]);
    const block = messages[1]!.text;
    expect(block.startsWith("# Project context: The Lock House")).toBe(true);
    for (const sent of ["## Synopsis", "## Style notes", "## Character — Agnes Pell (also: Aggie)", "## Thing — Weir", "## Theme — Grief"]) {
      expect(block).toContain(sent);
    }
    expect(block).not.toContain("Boatman");
    expect(block).not.toContain("## Place — The Lock House");
    expect(messages.some((m) => m.text.includes(secret))).toBe(false);
    expect(messages[2]!.text).toContain(marker);

    const context = { projectId: project.id, projectTitle: "The Lock House", used: ["Synopsis", "Style notes", "Agnes Pell", "Weir", "Grief"], leftOut: [] };
    expect(contextOf(generation.events)).toEqual(context);
    // The stand-in lists what it received: the block arrived.
    expect(generation.text).toContain("Character: Agnes Pell");

    const row = await eventually(() => conversationRow(generation.conversationId));
    expect((row as unknown as { project_id: string }).project_id).toBe(project.id);
    const turns = await eventually(async () => ((await turnsOf(generation.conversationId)).length === 2 ? turnsOf(generation.conversationId) : undefined));
    expect(JSON.parse((turns[1] as unknown as { context_used: string }).context_used)).toEqual({ used: context.used, leftOut: [] });
    const thread = (await (await sendJson(user.browser, "GET", `/api/history/${row!.id}`)).json()) as HistoryThread;
    expect(thread.projectId).toBe(project.id);
    expect(thread.turns[1]?.context).toEqual({ used: context.used, leftOut: [] });
    expect(thread.turns[0]).not.toHaveProperty("context");
  });

  it("follow-ups keep the conversation's project: earlier mentions stay, new ones join, notes never go", async () => {
    const user = await signUp();
    const secret = uniqueMarker("SECRET");
    const project = await lockHouseProject(user, secret);
    const first = await generateOk(user.browser, poetry(`Agnes Pell alone ${uniqueMarker()}`, project.id));
    await eventually(async () => (await turnsOf(first.conversationId)).length === 2);
    const marker = uniqueMarker("F");
    const followUp = await generateOk(user.browser, { kind: "follow-up", tool: "poetry", conversationId: first.conversationId, text: `Now the Lock House's roof ${marker}` });

    const messages = messagesOf(await modelRequest(marker));
    expect(messages.slice(0, 2).map((m) => m.role)).toEqual(["system", "system"]);
    expect(messages[1]!.text).toContain("## Place — The Lock House");
    expect(messages[1]!.text).toContain("## Character — Agnes Pell");
    expect(messages.some((m) => m.text.includes(secret))).toBe(false);
    expect(contextOf(followUp.events)).toMatchObject({ projectId: project.id, used: ["Synopsis", "Style notes", "Agnes Pell", "The Lock House", "Grief"] });
  });

  it("over the budget, drops in the stated order and reports what was left out; none of it is sent", async () => {
    const user = await signUp();
    const project = await createProjectVia(user.browser, { title: "Big Lore" });
    const names = ["Alder", "Birch", "Cedar", "Damson", "Elm", "Fir"];
    const long = (name: string) => `${name} lore. ${"Old roots under the town, told again and again. ".repeat(30)}`;
    await addEntriesVia(user.browser, project.id, names.map((name) => ({ kind: "lore", name, description: long(name) })));
    const marker = uniqueMarker();
    // Fir is named twice: with one mention each, the rest tie and keep block order.
    const generation = await generateOk(user.browser, poetry(`${names.join(", ")} and Fir again ${marker}`, project.id));

    const context = contextOf(generation.events)!;
    expect(context.leftOut.length).toBeGreaterThan(0);
    expect([...context.used, ...context.leftOut].sort()).toEqual(names);
    expect(context.used).toContain("Fir");
    const dropped = names.filter((name) => name !== "Fir").slice(-context.leftOut.length);
    expect(context.leftOut).toEqual(dropped);
    const block = messagesOf(await modelRequest(marker))[1]!.text;
    for (const name of context.used) expect(block).toContain(`## Lore — ${name}\n`);
    for (const name of context.leftOut) expect(block).not.toContain(`## Lore — ${name}\n`);
  });

  it("without a project nothing changes: no second system message, and the start event says no context", async () => {
    const user = await signUp();
    await lockHouseProject(user, uniqueMarker("SECRET"));
    const marker = uniqueMarker();
    const generation = await generateOk(user.browser, poetry(`Aggie ${marker}`));
    expect(messagesOf(await modelRequest(marker)).map((m) => m.role)).toEqual(["system", "user"]);
    expect(contextOf(generation.events)).toBeNull();
    const row = await eventually(() => conversationRow(generation.conversationId));
    expect((row as unknown as { project_id: string | null }).project_id).toBeNull();
  });

  it("another writer's project, an archived or unknown one: 404, nothing charged, nothing sent or saved", async () => {
    const [owner, intruder] = await Promise.all([signUp(), signUp()]);
    const theirs = await lockHouseProject(owner, uniqueMarker("SECRET"));
    const archived = await createProjectVia(intruder.browser, { title: "Shelved" });
    await patchProjectVia(intruder.browser, archived.id, { archived: true });
    const before = await subscriptionOf(intruder.userId);
    const marker = uniqueMarker();
    for (const projectId of [theirs.id, archived.id, crypto.randomUUID()]) {
      for (const body of [poetry(`Aggie ${marker}`, projectId), { kind: "draft", tool: "prose", action: "critique", text: `A passage ${marker}.`, projectId }]) {
        const refused = await refusal(await postGenerate(intruder.browser, body));
        expect(refused).toMatchObject({ status: 404, error: projectErrorTexts.notFound });
      }
    }
    expect(await subscriptionOf(intruder.userId)).toEqual(before);
    expect(await historyOf(intruder.userId)).toEqual([]);
    expect(await modelRequests(marker)).toEqual([]);
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM query_history WHERE project_id = ?").bind(theirs.id).all<{ n: number }>();
    expect(results[0]?.n).toBe(0);
  });
});
