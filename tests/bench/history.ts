/**
 * History at scale: a writer with 5,000 conversations (10,000 turns) in one section, next to
 * another writer with 5,000 more (so the search index holds other people's words too) and a
 * writer with 5. Measures the first page and a search through the running app (budget:
 * ≤ 50 ms median server time each on local workerd), and the first page of the small writer
 * for comparison.
 *
 * The data is written straight into the local D1 database with `wrangler d1 execute` (one SQL
 * file of recursive inserts; the FTS triggers index every turn as the app's own writes would).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { median, type BenchResult } from "./types.ts";

export const HISTORY_BUDGET_MS = 50;
const ENTRIES = 5_000;
const SAMPLES = 30;
const root = path.resolve(import.meta.dirname, "../..");

const WORDS = [
  "lighthouse", "smuggler", "orchard", "cathedral", "glacier", "carnival", "monsoon", "archive",
  "foundry", "vineyard", "observatory", "harbor", "labyrinth", "tannery", "monastery", "railway",
  "bazaar", "quarry", "aqueduct", "greenhouse", "citadel", "ferry", "apiary", "mill",
];
const GENRES = ["noir", "dark fantasy", "cozy mystery", "space opera", "gothic horror", "literary fiction", "western"];

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** One writer's conversations: a prompt and an answer each, every tenth refined once. */
function seedSql(userExpr: string, prefix: string, count: number): string {
  const words = sqlString(JSON.stringify(WORDS));
  const genres = sqlString(JSON.stringify(GENRES));
  const nl = "char(10)";
  const answer = `'## World description' || ${nl} || ${nl} || 'A ' || json_extract(${genres}, '$[' || (i % 7) || ']') ||
    ' world built around a ' || json_extract(${words}, '$[' || (i % 24) || ']') || ' and a ' ||
    json_extract(${words}, '$[' || ((i * 7) % 24) || ']') || '. ' ||
    replace(hex(zeroblob(12)), '00', 'The tide keeps its own calendar here, and every family owes it something. ') ||
    ${nl} || ${nl} || '### Rules of the place' || ${nl} || '- Nobody crosses the river after dusk.' || ${nl} ||
    '- Debts are paid in salt.' || ${nl} || '- The old maps lie on purpose.'`;
  return `
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
INSERT INTO query_history (id, user_id, query_type, element, query_text, response_text, conversation_id, created_at, updated_at)
SELECT '${prefix}-h-' || i, ${userExpr}, 'prose', 'world',
  'Generate World description.' || ${nl} || ${nl} || 'Genre: ' || json_extract(${genres}, '$[' || (i % 7) || ']') || ${nl} ||
    'Setting: a ' || json_extract(${words}, '$[' || (i % 24) || ']') || ' town',
  ${answer}, '${prefix}-c-' || i, 1760000000000 + i * 60000, 1760000000000 + i * 60000 + 5000
FROM n;
INSERT INTO query_messages (id, conversation_id, role, content, status, created_at)
SELECT '${prefix}-mu-' || substr(id, length('${prefix}-h-') + 1), conversation_id, 'user', query_text, 'complete', created_at
FROM query_history WHERE id LIKE '${prefix}-h-%';
INSERT INTO query_messages (id, conversation_id, role, content, status, created_at)
SELECT '${prefix}-ma-' || substr(id, length('${prefix}-h-') + 1), conversation_id, 'assistant', response_text, 'complete', created_at + 4000
FROM query_history WHERE id LIKE '${prefix}-h-%';
INSERT INTO query_messages (id, conversation_id, role, content, status, created_at)
SELECT '${prefix}-fu-' || substr(id, length('${prefix}-h-') + 1), conversation_id, 'user', 'Add a lamplighter who remembers the flood', 'complete', created_at + 10000
FROM query_history WHERE id LIKE '${prefix}-h-%' AND CAST(substr(id, length('${prefix}-h-') + 1) AS INTEGER) % 10 = 0;
INSERT INTO query_messages (id, conversation_id, role, content, status, created_at)
SELECT '${prefix}-fa-' || substr(id, length('${prefix}-h-') + 1), conversation_id, 'assistant', 'The lamplighter keeps a ledger of everyone the water took.', 'complete', created_at + 12000
FROM query_history WHERE id LIKE '${prefix}-h-%' AND CAST(substr(id, length('${prefix}-h-') + 1) AS INTEGER) % 10 = 0;
`;
}

/** Runs a SQL file against the bench's local D1 database (the benches seed through it). */
export function executeSql(persistTo: string, sql: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "tws-bench-"));
  const file = path.join(dir, "seed.sql");
  writeFileSync(file, sql);
  try {
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules/wrangler/bin/wrangler.js"),
        "d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", persistTo, "--file", file, "--yes",
      ],
      {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      },
    );
    if (result.status !== 0) throw new Error(`seeding the database failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function timeRequest(url: string, cookie: string): Promise<{ total: number; server: number | null; body: unknown }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  const body = await response.json();
  const total = performance.now() - start;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
  const match = /db;dur=([\d.]+)/.exec(response.headers.get("Server-Timing") ?? "");
  return { total, server: match ? Number(match[1]) : null, body };
}

async function sample(url: string, cookie: string) {
  for (let i = 0; i < 5; i++) await timeRequest(url, cookie);
  const totals: number[] = [];
  const servers: number[] = [];
  let body: unknown;
  for (let i = 0; i < SAMPLES; i++) {
    const result = await timeRequest(url, cookie);
    totals.push(result.total);
    if (result.server !== null) servers.push(result.server);
    body = result.body;
  }
  return { total: median(totals), server: servers.length ? median(servers) : Number.NaN, body };
}

export async function measureHistory({
  baseUrl,
  persistTo,
  bigWriter,
  smallWriter,
}: {
  baseUrl: string;
  persistTo: string;
  /** Signed-in writers: the one whose section gets 5,000 entries, and one with 5. */
  bigWriter: { email: string; cookie: string };
  smallWriter: { email: string; cookie: string };
}): Promise<BenchResult[]> {
  const userOf = (email: string) => `(SELECT id FROM users WHERE email = ${sqlString(email)})`;
  const seedStart = performance.now();
  executeSql(
    persistTo,
    [
      `INSERT INTO users (id, email, password_hash, updated_at) VALUES ('bench-other-writer', 'bench-other@example.test', 'not-a-login', 0);`,
      seedSql(userOf(bigWriter.email), "big", ENTRIES),
      seedSql("'bench-other-writer'", "other", ENTRIES),
      seedSql(userOf(smallWriter.email), "small", 5),
    ].join("\n"),
  );
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const api = (params: Record<string, string>) => `${baseUrl}/api/history?${new URLSearchParams({ section: "prose", ...params })}`;
  const firstPage = await sample(api({}), bigWriter.cookie);
  const entries = (firstPage.body as { entries: unknown[]; nextCursor: string | null }).entries;
  const cursor = (firstPage.body as { nextCursor: string | null }).nextCursor;
  if (entries.length !== 24 || !cursor) throw new Error(`expected a full first page, got ${entries.length}`);
  const deepCursor = `${1760000000000 + 100 * 60000}_big-h-100`;
  const deepPage = await sample(api({ cursor: deepCursor }), bigWriter.cookie);
  // 'lighthouse': one entry in 24 (~210 of 5,000, and as many of the other writer's).
  const selective = await sample(api({ q: "lighthouse" }), bigWriter.cookie);
  // 'tide': in every answer of both writers (20,000 turns match).
  const common = await sample(api({ q: "tide" }), bigWriter.cookie);
  // Two words that only meet in conversations with a follow-up.
  const twoWords = await sample(api({ q: "lamplighter noir" }), bigWriter.cookie);
  const small = await sample(api({}), smallWriter.cookie);
  // A fast answer must also be the right one.
  const count = (result: { body: unknown }) => (result.body as { entries: unknown[] }).entries.length;
  const expected: [string, { body: unknown }, number][] = [
    ["deep page", deepPage, 24],
    ["'tide'", common, 24],
    ["'lighthouse'", selective, 24],
    ["'lamplighter noir'", twoWords, 24],
    ["small writer", small, 5],
  ];
  for (const [name, result, entriesExpected] of expected) {
    if (count(result) !== entriesExpected) throw new Error(`history ${name}: ${count(result)} entries, expected ${entriesExpected}`);
  }
  const pageHtml: number[] = [];
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    const response = await fetch(`${baseUrl}/prose/history`, { headers: { Cookie: bigWriter.cookie } });
    await response.text();
    pageHtml.push(performance.now() - start);
  }

  const row = (name: string, result: { total: number; server: number }, budgeted: boolean): BenchResult => ({
    name,
    value: `${result.total.toFixed(1)} ms request (${result.server.toFixed(1)} ms in the Worker's history read)`,
    ...(budgeted ? { budget: `≤ ${HISTORY_BUDGET_MS} ms median`, ok: result.total <= HISTORY_BUDGET_MS } : { ok: true }),
  });
  return [
    { name: `history seed: 2 writers × ${ENTRIES} conversations (+5 for a third), 22,010 turns indexed`, value: `${seedSeconds.toFixed(1)} s`, ok: true },
    row(`history first page, writer with ${ENTRIES} entries (median of ${SAMPLES})`, firstPage, true),
    row("history page deep in the list (cursor at entry 100 of 5,000)", deepPage, true),
    row(`history search 'tide' (in all ${ENTRIES} conversations and the other writer's)`, common, true),
    row("history search 'lighthouse' (1 conversation in 24)", selective, true),
    row("history search 'lamplighter noir' (two words, different turns)", twoWords, true),
    row("history first page, writer with 5 entries (for comparison)", small, false),
    { name: "history page HTML with its first page streamed (median of 15)", value: `${median(pageHtml).toFixed(1)} ms`, ok: true },
  ];
}
