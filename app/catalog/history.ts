/**
 * History sections, derived from the tool catalog: which `query_type` values a section shows
 * (the tool key the assistants save and the long per-section list of the original design),
 * the label of each entry, the page title and where Back goes.
 */
import { DRAFT_ELEMENT_PREFIX, findDraftAction } from "./draft-actions";
import { draftTexts } from "~/messages/tools";
import { findElement } from "./requests";
import { toolPath, tools, type Tool } from "./tools";

/** Old section names in history paths and the section each one now is. */
export const historySectionAliases: Readonly<Record<string, string>> = {
  "online-content": "content",
  "stage-screen": "stage",
  stage_screen: "stage",
};

export const FALLBACK_HISTORY_TITLE = "History";
export const UNIFIED_LABEL = "Unified Prompt";
const SECTION_PATTERN = /^[a-z0-9_-]{1,40}$/;

export type HistorySection = {
  section: string;
  title: string;
  /** The section's tool page, or the dashboard for a section no tool owns. */
  backPath: string;
  queryTypes: readonly string[];
  tool: Tool | null;
};

export function toolForSection(section: string): Tool | undefined {
  return tools.find((tool) => tool.historySection === section);
}

export function sectionQueryTypes(tool: Tool): string[] {
  return [tool.queryType, ...tool.historyTypes.map((entry) => entry.type)];
}

/**
 * The section a history path names. A section no tool owns keeps the spec's fallbacks: title
 * 'History', Back to the dashboard, and the types `{section}` and `{section}_unified`.
 */
export function resolveHistorySection(section: string): HistorySection {
  const tool = toolForSection(section);
  if (tool) {
    return { section, title: tool.historyTitle, backPath: toolPath(tool), queryTypes: sectionQueryTypes(tool), tool };
  }
  return {
    section,
    title: FALLBACK_HISTORY_TITLE,
    backPath: "/dashboard",
    queryTypes: SECTION_PATTERN.test(section) ? [section, `${section}_unified`] : [],
    tool: null,
  };
}

/** The tool whose section shows entries of this type (in either vocabulary). */
export function toolForQueryType(queryType: string): Tool | undefined {
  return tools.find((tool) => sectionQueryTypes(tool).includes(queryType));
}

/**
 * The section whose history lists entries of this type: its tool's, or for a type no tool owns
 * the spec's fallback section it came from (`{section}` and `{section}_unified`).
 */
export function historySectionOf(queryType: string): string {
  return toolForQueryType(queryType)?.historySection ?? queryType.replace(/_unified$/, "");
}

/** A history entry's details at a URL of their own (what 'View details' links to). */
export function historyDetailsPath(queryType: string, id: string): string {
  return `/${historySectionOf(queryType)}/history/${encodeURIComponent(id)}`;
}

/**
 * A card's label: the element the writer chose for entries the assistants saved, the display
 * label of the long per-section types, 'Unified Prompt' for every `*_unified` type, and the
 * raw type for anything unknown.
 */
export function historyEntryLabel(queryType: string, element: string | null): string {
  const owner = tools.find((tool) => tool.queryType === queryType);
  if (owner && element?.startsWith(DRAFT_ELEMENT_PREFIX)) {
    const action = findDraftAction(owner.slug, element.slice(DRAFT_ELEMENT_PREFIX.length));
    if (action) return draftTexts.label(action.label);
  }
  if (owner && element) {
    const chosen = findElement(owner, element);
    if (chosen) return chosen.label;
  }
  for (const tool of tools) {
    const known = tool.historyTypes.find((entry) => entry.type === queryType);
    if (known) return known.label;
  }
  if (queryType.endsWith("_unified")) return UNIFIED_LABEL;
  return queryType;
}
