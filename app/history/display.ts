/**
 * The spec's display cleaning of stored text, applied to every turn before it is rendered as
 * Markdown on the history page: 'Output Type Requested' → 'Request', 'Creative Parameters' →
 * 'Parameters', known label lines ('Genre: noir') in bold, nothing after a
 * '--- Follow-ups ---' marker, and runs of three or more blank lines collapsed to one.
 */
import { tools, type ToolDefinition } from "~/catalog/tools";

const FOLLOW_UPS_MARKER = "--- Follow-ups ---";

/** Every field label of the catalog, plus the two headings the cleaning itself produces. */
const KNOWN_LABELS = [
  ...new Set([
    "Request",
    "Parameters",
    ...tools.flatMap((tool: ToolDefinition) => Object.values(tool.fields).map((field) => field.label)),
  ]),
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const LABEL_LINE = new RegExp(
  `^([ \\t]*(?:[-*+][ \\t]+)?)(${KNOWN_LABELS.map(escapeRegExp).join("|")}):[ \\t]*(.*)$`,
  "gm",
);

export function cleanForDisplay(text: string): string {
  const marker = text.indexOf(FOLLOW_UPS_MARKER);
  const kept = marker === -1 ? text : text.slice(0, marker);
  return kept
    .replace(/\r\n?/g, "\n")
    .replace(/Output Type Requested/g, "Request")
    .replace(/Creative Parameters/g, "Parameters")
    .replace(LABEL_LINE, (_line, lead: string, label: string, value: string) =>
      value ? `${lead}**${label}:** ${value}` : `${lead}**${label}:**`,
    )
    .replace(/\n(?:[ \t]*\n){3,}/g, "\n\n")
    .trim();
}
