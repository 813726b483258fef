/** Projects through their JSON API (issue 13), and their rows read straight from D1. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { ORIGIN, type Browser } from "./browser";

/** A JSON request to the API as the app's pages send it (same origin). */
export function sendJson(browser: Browser, method: string, path: string, body?: unknown): Promise<Response> {
  return browser.request(path, {
    method,
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export type ApiProject = { id: string; title: string; archivedAt: string | null; [field: string]: unknown };
export type ApiEntry = { id: string; name: string; [field: string]: unknown };

export async function createProjectVia(browser: Browser, body: Record<string, unknown> = { title: "The Lock House" }): Promise<ApiProject> {
  const response = await sendJson(browser, "POST", "/api/projects", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ApiProject;
}

export async function addEntriesVia(browser: Browser, projectId: string, entries: Record<string, unknown>[]): Promise<ApiEntry[]> {
  const response = await sendJson(browser, "POST", `/api/projects/${projectId}/entries`, { entries });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { entries: ApiEntry[] }).entries;
}

export async function patchProjectVia(browser: Browser, projectId: string, changes: Record<string, unknown>): Promise<ApiProject> {
  const response = await sendJson(browser, "PATCH", `/api/projects/${projectId}`, changes);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ApiProject;
}

/** Everything stored about a project: its row and its entries' rows (to show nothing changed). */
export async function projectRows(projectId: string) {
  const project = await env.DB.prepare("SELECT * FROM projects WHERE id = ?").bind(projectId).first();
  const { results: entries } = await env.DB.prepare("SELECT * FROM bible_entries WHERE project_id = ? ORDER BY rowid").bind(projectId).all();
  return { project, entries };
}

export async function countOf(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql).bind(...params).first<{ n: number }>();
  return Number(row?.n ?? 0);
}

export async function activeProjectIdOf(userId: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT active_project_id FROM users WHERE id = ?").bind(userId).first<{ active_project_id: string | null }>();
  return row?.active_project_id ?? null;
}
