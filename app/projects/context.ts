/**
 * The project context block the model gets after the system prompt (ARCHITECTURE section 12,
 * decision 013): the filled fixed sections, the "always include" entries and the entries the
 * conversation mentions — nothing else — under a token budget, with what was used and what was
 * left out. Pure: the same project, entries and texts give the same block.
 *
 * Priority (what stays when the budget is short; the drop order is the reverse):
 *   1. Style notes, 2. Synopsis, 3. Genre & tone, 4. Setting — short, and they shape every answer;
 *   5. "Always include" entries — the writer's explicit choice (mentioned ones first);
 *   6. Mentioned entries — latest mention first, then most mentions;
 *   7. The style sample — it takes what is left, shortened to its opening when whole does not fit.
 * Each item, in that order, goes in if it fits in what is left of the budget and is left out if it
 * does not (a later, smaller item may still fit). Within one rank, ties go by the block's order.
 */
import { estimateTokens } from "~/lib/tokens";
import { bibleTexts } from "~/messages/projects";
import { BIBLE_ENTRY_KINDS, BIBLE_SECTIONS, type BibleEntry, type BibleSection, type ProjectBible } from "./bible";
import {
  MIN_SAMPLE_CHARS,
  cutAtBoundary,
  entryName,
  renderEntry,
  renderOpening,
  renderSection,
  renderStyleSample,
} from "./context-render";
import { DEFAULT_CONTEXT_BUDGET_TOKENS } from "~/rules/project-limits";
import { findMentions, type Mention } from "./mentions";

export type ContextItem =
  | { type: "section"; section: BibleSection; name: string }
  | { type: "entry"; id: string; name: string };
/** `budget`: not sent at all; `shortened`: only its opening was sent (it is in `used` too). */
export type LeftOutItem = ContextItem & { reason: "budget" | "shortened" };
export type AssembledContext = {
  block: string | null;
  used: ContextItem[];
  leftOut: LeftOutItem[];
  /** The block's estimated size, as budgeted (never more than the budget; 0 without a block). */
  tokens: number;
};

/** An item that may go in; `text` renders it (only when it may still fit: most of 500 need not). */
type Candidate = { item: ContextItem; text: () => string; order: number };

const SECTION_PRIORITY = ["styleNotes", "synopsis", "genreTone", "setting"] as const;
const NOT_MENTIONED: Mention = { count: 0, lastText: -1 };

type Sent = { entry: BibleEntry; name: string; mention: Mention; kind: number; folded: string };

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The block's order for entries: by kind, then name (case-insensitive first), then id. */
function byKindAndName(a: Sent, b: Sent): number {
  return a.kind - b.kind || byText(a.folded, b.folded) || byText(a.name, b.name) || byText(a.entry.id, b.entry.id);
}

/** Everything that may go into the block except the style sample, highest priority first. */
function candidatesByPriority(project: ProjectBible, entries: readonly BibleEntry[], texts: readonly string[]): Candidate[] {
  const sections: Candidate[] = SECTION_PRIORITY.flatMap((section) => {
    const text = project[section]?.trim();
    const item: ContextItem = { type: "section", section, name: bibleTexts.sections[section] };
    return text ? [{ item, text: () => renderSection(section, text), order: BIBLE_SECTIONS.indexOf(section) }] : [];
  });
  const mentions = findMentions(entries, texts);
  const sent: Sent[] = [];
  for (const entry of entries) {
    const mention = mentions.get(entry.id);
    if (!mention && !entry.alwaysInclude) continue;
    const name = entryName(entry);
    const kind = BIBLE_ENTRY_KINDS.indexOf(entry.kind);
    if (name) sent.push({ entry, name, mention: mention ?? NOT_MENTIONED, kind, folded: name.toLowerCase() });
  }
  const inBlock = sent.sort(byKindAndName).map((item, position) => ({ ...item, position }));
  const relevance = (a: (typeof inBlock)[number], b: (typeof inBlock)[number]) =>
    Number(b.entry.alwaysInclude) - Number(a.entry.alwaysInclude) ||
    b.mention.lastText - a.mention.lastText ||
    b.mention.count - a.mention.count ||
    a.position - b.position;
  const entryCandidates = inBlock.sort(relevance).map(({ entry, name, position }) => ({
    item: { type: "entry" as const, id: entry.id, name },
    text: () => renderEntry(entry),
    order: BIBLE_SECTIONS.length + position,
  }));
  return [...sections, ...entryCandidates];
}

const byBlockOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** What an item costs inside the block: its text and the blank line that separates it. */
const costOf = (text: string) => estimateTokens(`${text}\n\n`);
/** No item costs less than a one-letter entry with no description. */
const CHEAPEST_ITEM = costOf("## Lore — X");

/** The style sample whole, or the longest opening that fits `tokens` — null when too little fits. */
function fittedStyleSample(sample: string, tokens: number): { text: string; shortened: boolean } | null {
  const whole = renderStyleSample(sample, false);
  if (costOf(whole) <= tokens) return { text: whole, shortened: false };
  const trimmed = sample.trim();
  let [low, high] = [0, trimmed.length];
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (costOf(renderStyleSample(trimmed.slice(0, mid), true)) <= tokens) low = mid;
    else high = mid - 1;
  }
  const opening = cutAtBoundary(trimmed.slice(0, low));
  return opening.length >= MIN_SAMPLE_CHARS ? { text: renderStyleSample(opening, true), shortened: true } : null;
}

export function assembleContext({
  project,
  entries,
  texts,
  budgetTokens = DEFAULT_CONTEXT_BUDGET_TOKENS,
}: {
  project: ProjectBible;
  entries: readonly BibleEntry[];
  /** The conversation so far, the follow-up and the request text, oldest first. */
  texts: readonly string[];
  budgetTokens?: number;
}): AssembledContext {
  const opening = renderOpening(project.title);
  let spent = costOf(opening);
  const leftOut: (LeftOutItem & { order: number })[] = [];
  const chosen: { item: ContextItem; text: string; order: number }[] = [];
  for (const candidate of candidatesByPriority(project, entries, texts)) {
    const text = budgetTokens - spent >= CHEAPEST_ITEM ? candidate.text() : null;
    const cost = text === null ? Infinity : costOf(text);
    if (spent + cost <= budgetTokens) {
      chosen.push({ item: candidate.item, text: text!, order: candidate.order });
      spent += cost;
    } else leftOut.push({ ...candidate.item, reason: "budget", order: candidate.order });
  }
  const sample = project.styleSample?.trim();
  if (sample) {
    const item: ContextItem = { type: "section", section: "styleSample", name: bibleTexts.sections.styleSample };
    const order = Number.MAX_SAFE_INTEGER;
    const fitted = fittedStyleSample(sample, budgetTokens - spent);
    if (fitted) {
      chosen.push({ item, text: fitted.text, order });
      spent += costOf(fitted.text);
    }
    if (!fitted || fitted.shortened) leftOut.push({ ...item, reason: fitted ? "shortened" : "budget", order });
  }
  chosen.sort(byBlockOrder);
  leftOut.sort(byBlockOrder);
  return {
    block: chosen.length > 0 ? [opening, ...chosen.map((c) => c.text)].join("\n\n") : null,
    used: chosen.map((c) => c.item),
    leftOut: leftOut.map(({ order: _order, ...item }) => item),
    tokens: chosen.length > 0 ? spent : 0,
  };
}
