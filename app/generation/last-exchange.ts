/**
 * The versions of a conversation's last exchange as the tool page keeps them (decision 012):
 * Another version and Edit add one, Continue carries the shown one on, a new exchange starts
 * over, and the writer switches between them. Pure functions: the page's state is built on them.
 */
import type { AnswerStatus } from "./turn-client";

export type SettledStatus = Exclude<AnswerStatus, "streaming">;

/** One version: the writer's text that asked for it (null for the form's request) and the answer. */
export type AnswerVersion = { version: number; userText: string | null; text: string; status: SettledStatus };

/** The last exchange: its id (for choosing a version), every version known, the one on screen. */
export type LastExchange = { exchangeId: string; versions: readonly AnswerVersion[]; shown: number };

/** What a finished turn did to the last exchange, as its `start` event and its text said. */
export type TurnResult = {
  kind: "initial" | "follow-up" | "draft" | "version" | "edit" | "continue";
  exchangeId: string;
  version: number;
  /** The text the turn streamed (for Continue: only the continuation). */
  received: string;
  status: SettledStatus;
  userText: string | null;
};

export function shownVersion(exchange: LastExchange | null): AnswerVersion | undefined {
  return exchange?.versions.find((entry) => entry.version === exchange.shown);
}

/** The version before the shown one (what Compare shows it against), if there is one. */
export function previousVersion(exchange: LastExchange | null): AnswerVersion | undefined {
  if (!exchange) return undefined;
  const index = exchange.versions.findIndex((entry) => entry.version === exchange.shown);
  return index > 0 ? exchange.versions[index - 1] : undefined;
}

/** The version one step back (-1) or on (+1) from the shown one, or null at either end. */
export function neighbourVersion(exchange: LastExchange | null, step: -1 | 1): number | null {
  if (!exchange) return null;
  const index = exchange.versions.findIndex((entry) => entry.version === exchange.shown);
  return exchange.versions[index + step]?.version ?? null;
}

/** Where the shown version stands: its place and how many there are ("Version 2 of 3"). */
export function versionPlace(exchange: LastExchange | null): { position: number; total: number } {
  if (!exchange) return { position: 1, total: 1 };
  const index = exchange.versions.findIndex((entry) => entry.version === exchange.shown);
  return { position: index + 1, total: exchange.versions.length };
}

/** `entry` added (or put in place of the same version), in version order, and shown. */
function withVersion(exchange: LastExchange, entry: AnswerVersion): LastExchange {
  const versions = [...exchange.versions.filter((known) => known.version !== entry.version), entry].sort((a, b) => a.version - b.version);
  return { exchangeId: exchange.exchangeId, versions, shown: entry.version };
}

/** The last exchange after a turn that kept its answer. */
export function afterTurn(exchange: LastExchange | null, turn: TurnResult): LastExchange {
  const same = exchange?.exchangeId === turn.exchangeId ? exchange : null;
  if (turn.kind === "continue") {
    const carried = shownVersion(same);
    if (same && carried) return withVersion(same, { ...carried, text: carried.text + turn.received, status: turn.status });
  }
  const entry: AnswerVersion = {
    version: turn.version,
    // Another version answers the same writer text as the version on screen.
    userText: turn.kind === "version" ? (shownVersion(same)?.userText ?? null) : turn.userText,
    text: turn.received,
    status: turn.status,
  };
  if ((turn.kind === "version" || turn.kind === "edit") && same) return withVersion(same, entry);
  return { exchangeId: turn.exchangeId, versions: [entry], shown: entry.version };
}

/** The exchange with another version shown (unchanged when there is no such version). */
export function showVersion(exchange: LastExchange, version: number): LastExchange {
  return exchange.versions.some((entry) => entry.version === version) ? { ...exchange, shown: version } : exchange;
}
