/**
 * The stand-in model's cast for a character list (Prose's "Character list / dramatis personae"):
 * a "## Characters" section listing, as a model would, each character the request names (its
 * "Character" details, split at commas and "and") and a supporting cast of two — one bold name per
 * list item, then what drives them. Lets "Save to bible" offer one entry per character.
 */

type Detail = { label: string; value: string };

const CAST_ELEMENT = /\b(?:character list|dramatis personae|cast list)\b/i;
const CHARACTER_LABEL = /^characters?$/i;

/** The supporting cast every character list adds (skipped when the writer named them already). */
export const SUPPORTING_CAST = ["Ivo Marsh", "Hester Quill"] as const;

const DRIVES = [
  "wants to be left alone, needs to be needed, and talks too much when frightened.",
  "wants the truth out, needs to be forgiven first, and lies about small things.",
  "wants what the lead has, needs an ally, and never finishes a sentence in company.",
  "wants the old order back, needs a reason to stay, and hums when lying.",
];

/** The names the request gives, in its order, once each (no emphasis marks, at most 60 characters). */
function namedCharacters(details: readonly Detail[]): string[] {
  const names = details
    .filter((detail) => CHARACTER_LABEL.test(detail.label))
    .flatMap((detail) => detail.value.split(/,|\n|\band\b/))
    .map((name) => name.replace(/[*_`]/g, "").replace(/\s+/g, " ").trim().slice(0, 60).trim())
    .filter(Boolean);
  return names.filter((name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index);
}

/** The cast section's parts (heading, list) for a character list element; none for other elements. */
export function castSection(element: string, details: readonly Detail[]): string[] {
  if (!CAST_ELEMENT.test(element)) return [];
  const named = namedCharacters(details);
  const taken = new Set(named.map((name) => name.toLowerCase()));
  const cast = [...named, ...SUPPORTING_CAST.filter((name) => !taken.has(name.toLowerCase()))];
  return ["## Characters", cast.map((name, index) => `- **${name}** — ${DRIVES[index % DRIVES.length]}`).join("\n")];
}
