/**
 * The owner's console at scale (issue 14): 10,000 writers in every state, 100,000 usage events
 * over the last 60 days (half in the overview's 30-day window) and 10,000 conversations. Measures
 * the overview and the writers list (first page, a search, a state filter, a deep page) through
 * the running app as the owner: budget ≤ 50 ms median each on local workerd.
 *
 * Seeded straight into the local D1 database with recursive inserts, as the history bench does.
 */
import { executeSql } from "./history.ts";
import { median, type BenchResult } from "./types.ts";

export const ADMIN_BUDGET_MS = 50;
const WRITERS = 10_000;
const USAGE_EVENTS = 100_000;
const CONVERSATIONS = 10_000;
const SAMPLES = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function seedSql(now: number): string {
  const series = (count: number) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
  const writer = (expr: string) => `'bench-w-' || (${expr})`;
  return `
${series(WRITERS)}
INSERT INTO users (id, email, password_hash, created_at, updated_at, last_active_at)
SELECT ${writer("i")}, 'bench-w-' || i || '@example.test', 'not-a-login', ${now} - i * 900000, ${now},
  CASE WHEN i % 7 = 0 THEN NULL ELSE ${now} - i * 61000 END
FROM n;
${series(WRITERS)}
INSERT INTO user_subscriptions (user_id, is_admin, is_subscribed, queries_remaining, queries_used, trial_end_date,
  stripe_customer_id, stripe_subscription_id, subscription_status, cancel_at_period_end, updated_at)
SELECT ${writer("i")}, 0, i % 4 = 0, CASE WHEN i % 3 = 0 THEN 0 ELSE 1 + i % 5 END, i % 6,
  ${now} + ((i % 60) - 30) * ${DAY_MS},
  CASE WHEN i % 4 = 0 THEN 'cus_bench_' || i END, CASE WHEN i % 4 = 0 THEN 'sub_bench_' || i END,
  CASE WHEN i % 4 = 0 THEN CASE WHEN i % 40 = 0 THEN 'past_due' ELSE 'active' END END, i % 4 = 0 AND i % 12 = 0 AND i % 40 <> 0, ${now}
FROM n;
${series(USAGE_EVENTS)}
INSERT INTO usage_events (id, user_id, query_type, model, input_tokens, output_tokens, latency_ms, first_token_ms, outcome, created_at)
SELECT 'bench-u-' || i, ${writer("1 + i % " + WRITERS)}, 'prose', 'gpt-4.1-mini', 300 + i % 900, 200 + i % 1800,
  2000 + i % 9000, CASE WHEN i % 50 = 0 THEN NULL ELSE 150 + (i * 37) % 2500 END,
  CASE WHEN i % 50 = 0 THEN 'failed' WHEN i % 33 = 0 THEN 'interrupted' WHEN i % 11 = 0 THEN 'stopped' ELSE 'complete' END,
  ${now} - (i * 51840) % ${60 * DAY_MS}
FROM n;
${series(CONVERSATIONS)}
INSERT INTO query_history (id, user_id, query_type, element, query_text, response_text, conversation_id, created_at, updated_at)
SELECT 'bench-h-' || i, ${writer("1 + i % " + WRITERS)}, 'poetry', 'poem', 'Generate Poem.', 'A short poem.', 'bench-hc-' || i,
  ${now} - (i * 259200) % ${30 * DAY_MS}, ${now}
FROM n;
`;
}

async function timeRequest(url: string, cookie: string): Promise<{ ms: number; body: string }> {
  const start = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  const body = await response.text();
  const ms = performance.now() - start;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { ms, body };
}

async function sample(url: string, cookie: string) {
  for (let i = 0; i < 5; i++) await timeRequest(url, cookie);
  const times: number[] = [];
  let body = "";
  for (let i = 0; i < SAMPLES; i++) {
    const result = await timeRequest(url, cookie);
    times.push(result.ms);
    body = result.body;
  }
  return { ms: median(times), body };
}

export async function measureAdminConsole({ baseUrl, persistTo, cookie }: { baseUrl: string; persistTo: string; cookie: string }): Promise<BenchResult[]> {
  const seedStart = performance.now();
  executeSql(persistTo, seedSql(Date.now()));
  const seedSeconds = (performance.now() - seedStart) / 1000;

  // React Router's data requests: the route's loader alone, as a client-side navigation asks for it.
  const data = (path: string, params: Record<string, string> = {}) => `${baseUrl}${path}.data?${new URLSearchParams(params)}`;
  const overview = await sample(data("/admin"), cookie);
  // The seeded figures must be in the answer: a fast overview must also be the right one.
  // i % 4 = 0 subscribes (2,500), one in ten of them past due: 2,250 active, 250 past due.
  for (const figure of ["2250", "250", "firstToken"]) {
    if (!overview.body.includes(figure)) throw new Error(`the overview's data lacks ${figure}`);
  }
  const cases: [string, string][] = [
    ["writers list, first page", data("/admin/writers")],
    ["writers list, search 'bench-w-77'", data("/admin/writers", { q: "bench-w-77" })],
    ["writers list, state 'past due'", data("/admin/writers", { state: "past-due" })],
    ["writers list, page deep in the list", data("/admin/writers", { after: `${Date.now() - 5_000 * 61_000}.bench-w-5000` })],
  ];
  const rows: BenchResult[] = [
    { name: `console seed: ${WRITERS.toLocaleString("en-US")} writers, ${USAGE_EVENTS.toLocaleString("en-US")} usage events, ${CONVERSATIONS.toLocaleString("en-US")} conversations`, value: `${seedSeconds.toFixed(1)} s`, ok: true },
    { name: `admin overview (median of ${SAMPLES})`, value: `${overview.ms.toFixed(1)} ms request`, budget: `≤ ${ADMIN_BUDGET_MS} ms median`, ok: overview.ms <= ADMIN_BUDGET_MS },
  ];
  for (const [name, url] of cases) {
    const result = await sample(url, cookie);
    if (!result.body.includes("bench-w-")) throw new Error(`${name}: no writer in the answer`);
    rows.push({ name: `admin ${name} (median of ${SAMPLES})`, value: `${result.ms.toFixed(1)} ms request`, budget: `≤ ${ADMIN_BUDGET_MS} ms median`, ok: result.ms <= ADMIN_BUDGET_MS });
  }
  return rows;
}
