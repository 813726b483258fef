/**
 * The formatted script the Stage & Screen assistant writes in Markdown → Fountain, the
 * plain-text screenplay format (fountain.io) that Final Draft, Highland, WriterSolo and others
 * open. What the prompt asks the model for (app/catalog/prompts/stage_screen_unified.md):
 * - scene headings in bold caps (**INT. BUS DEPOT – NIGHT**), or as Markdown headings;
 * - the character's name in bold caps on its own line, a parenthetical on its own line, the
 *   dialogue below — or, on stage, **NAME:** followed by the line;
 * - transitions (CUT TO:, FADE OUT.), action in plain paragraphs.
 * Everything else (notes, bullets, tables) becomes action or a Fountain section (not printed),
 * and every line that Fountain would misread as something else is forced to action with `!`.
 */
import type { ConversationDocument } from "./conversation-document";

type Element =
  | { type: "scene" | "transition" | "section" | "centered" | "page-break" | "synopsis"; text: string }
  | { type: "action"; lines: string[] }
  | { type: "dialogue"; lines: string[]; spoken: boolean };

const SCENE = /^(?:(?:INT|I)\.?\/(?:EXT|E)|INT|EXT|EST)[.\s]/i;
const TRANSITION = /^(?:[A-Z][A-Z ]*(?: TO| IN)|FADE TO BLACK|FADE OUT|CUT TO BLACK)[:.]$/;
const STRUCTURE = /^(?:ACT|SCENE|PART|EPISODE|TEASER|COLD OPEN|TAG|THE END|END OF|PROLOGUE|EPILOGUE|INTERMISSION)\b/;
const SOUND_CUES = /^(?:SFX|MUSIC|SOUND|FX|SQ|LX)\b/;
const NAME = /^(\p{Lu}[\p{Lu}\p{N} .'’&-]{0,38}?)\s*(\((?:[\p{Lu} .'’]+)\))?$/u;
const PARENTHETICAL = /^\([^()]+\)$/;
const LIST_MARKER = /^(?:[-*+]|\d+[.)])\s+/;
const RULE = /^(?:-{3,}|\*{3,}|_{3,})$/;

/** Removes Markdown emphasis that wraps a whole line: `**MARA**` → `MARA`, `*(beat)*` → `(beat)`. */
function unwrap(text: string): string {
  let line = text.trim();
  for (let match = /^(\*{1,3}|_{1,3})(.+?)\1$/.exec(line); match; match = /^(\*{1,3}|_{1,3})(.+?)\1$/.exec(line)) {
    line = match[2]!.trim();
  }
  return line;
}

/** Markdown inline syntax → Fountain's (which shares * and ** but reads _ as underline). */
function inline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/~~(.+?)~~/g, "$1")
    .replace(/(^|[^\w*])__(\S(?:.*?\S)?)__(?=[^\w*]|$)/g, "$1**$2**")
    .replace(/(^|[^\w*])_(\S(?:.*?\S)?)_(?=[^\w*]|$)/g, "$1*$2*")
    .replace(/<[^>]+>/g, "");
}

function sceneHeading(text: string): string {
  return text.replace(/\s*[–—]\s*/g, " - ").replace(/\s+/g, " ").toUpperCase();
}

function isName(text: string): boolean {
  return NAME.test(text) && !SCENE.test(text) && !TRANSITION.test(text) && !STRUCTURE.test(text) && !SOUND_CUES.test(text);
}

/** A character cue alone (`**MARA**`, `MARA (V.O.)`) or a stage speech (`**MARA:** Words.`). */
function cueOf(text: string): { name: string; speech: string } | null {
  const bare = unwrap(text);
  const alone = bare.replace(/:$/, "");
  if (isName(alone) && !/[.!?,;]$/.test(alone.replace(/\s*\([^()]*\)$/, "")) && /\p{Lu}/u.test(alone)) return { name: alone, speech: "" };
  const withParenthetical = /^\*{0,3}([^*()]+?)\*{0,3}\s*(\([^()]*\p{Ll}[^()]*\))\s*:?$/u.exec(text.trim());
  if (withParenthetical && isName(withParenthetical[1]!.trim())) return { name: withParenthetical[1]!.trim(), speech: withParenthetical[2]! };
  const stage = /^(?:\*\*([^*]+?):?\*\*:?|([^:*]+):)\s+(.+)$/.exec(text.trim());
  const name = (stage?.[1] ?? stage?.[2] ?? "").trim();
  if (stage && isName(name)) return { name, speech: stage[3]!.trim() };
  return null;
}

function lineOf(raw: string): string {
  return raw.replace(/^(?:\s*>)+\s?/, "").trim();
}

type State = { out: Element[]; dialogue: Extract<Element, { type: "dialogue" }> | null };

function addSpeech(state: State, speech: string) {
  const dialogue = state.dialogue!;
  const bare = unwrap(speech);
  if (PARENTHETICAL.test(bare)) {
    dialogue.lines.push(bare);
    return;
  }
  // "*(turning)* Then walk." → the parenthetical on its own line, then the words.
  const leading = /^(\*{1,3}|_{1,3})?(\([^()]+\))\1?\s+(\S.*)$/.exec(speech.trim());
  if (leading) dialogue.lines.push(leading[2]!, inline(leading[3]!));
  else dialogue.lines.push(inline(speech.trim()));
  dialogue.spoken = true;
}

function addAction(state: State, text: string) {
  const last = state.out.at(-1);
  if (last?.type === "action") last.lines.push(inline(text));
  else state.out.push({ type: "action", lines: [inline(text)] });
}

/** A line that starts or ends an element of its own (heading, rule, table row), or null. */
function standalone(line: string, headingOffset: number): Element | null | "skip" {
  const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
  const bare = unwrap(heading ? heading[2]! : line);
  if (SCENE.test(bare)) return { type: "scene", text: sceneHeading(bare) };
  if (TRANSITION.test(bare)) return { type: "transition", text: bare };
  if (heading) {
    if (STRUCTURE.test(bare)) return { type: "centered", text: bare.toUpperCase() };
    return { type: "section", text: `${"#".repeat(Math.min(heading[1]!.length + headingOffset, 6))} ${inline(bare)}` };
  }
  if (RULE.test(line)) return { type: "page-break", text: "===" };
  if (STRUCTURE.test(bare) && bare === bare.toUpperCase()) return { type: "centered", text: bare };
  if (/^\|?[\s:|-]+\|?$/.test(line) && line.includes("-") && line.includes("|")) return "skip";
  return null;
}

function addLine(state: State, raw: string, headingOffset: number) {
  // A script the model fenced as code reads the same: the fences go.
  if (/^\s*(?:```|~~~)/.test(raw)) return;
  const line = lineOf(raw);
  if (!line) {
    // A blank line ends a speech, unless only the name (and a parenthetical) came so far.
    if (state.dialogue?.spoken) state.dialogue = null;
    state.out.push({ type: "action", lines: [] });
    return;
  }
  const own = standalone(line, headingOffset);
  if (own === "skip") return;
  if (own) {
    state.dialogue = null;
    state.out.push(own);
    return;
  }
  // Inside a speech, only a bold name or a stage speech starts the next one ("NO." is said).
  const cue = cueOf(line);
  if (cue && (!state.dialogue || cue.speech || line.startsWith("**"))) {
    state.dialogue = { type: "dialogue", lines: [cue.name], spoken: false };
    state.out.push(state.dialogue);
    if (cue.speech) addSpeech(state, cue.speech);
    return;
  }
  if (state.dialogue) {
    addSpeech(state, line);
    return;
  }
  const row = line.startsWith("|") ? line.replace(/^\||\|$/g, "").split("|").map((cell) => cell.trim()).join(" — ") : line;
  addAction(state, row.replace(LIST_MARKER, (marker) => (/^\d/.test(marker) ? marker : "- ")));
}

/** Forces an action block to stay action where Fountain would read it as something else. */
function forcedAction(lines: string[]): string {
  const first = lines[0]!;
  const shouted = /\p{Lu}/u.test(first) && !/\p{Ll}/u.test(first) && lines.length > 1;
  const special = /^(?:[!.@#~=>]|\[\[)/.test(first) || SCENE.test(first) || / TO:$/.test(first) || TRANSITION.test(first);
  return [shouted || special ? `!${first}` : first, ...lines.slice(1)].join("\n");
}

function render(element: Element): string | null {
  switch (element.type) {
    case "action":
      return element.lines.length > 0 ? forcedAction(element.lines) : null;
    case "dialogue":
      // A name with nothing said after it was a label, not a cue.
      return element.spoken ? element.lines.join("\n") : forcedAction(element.lines);
    case "transition":
      return / TO:$/.test(element.text) ? element.text : `> ${element.text}`;
    case "centered":
      return `> ${element.text} <`;
    case "synopsis":
      return `= ${element.text}`;
    default:
      return element.text;
  }
}

function elementsOf(markdown: string, headingOffset: number): Element[] {
  const state: State = { out: [], dialogue: null };
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) addLine(state, raw, headingOffset);
  return state.out;
}

function script(elements: Element[]): string {
  return elements
    .map(render)
    .filter((text): text is string => text !== null && text !== "")
    .join("\n\n");
}

/** Title page keys must be single-line values. */
const titleValue = (text: string) => text.replace(/\s+/g, " ").trim();

/** One answer as a Fountain screenplay with a title page. */
export function markdownToFountain(markdown: string, { title }: { title: string }): string {
  return `Title: ${titleValue(title)}\n\n${script(elementsOf(markdown, 0))}\n`;
}

/**
 * A whole conversation: the title page (title and date), then each writer turn as a Fountain
 * section and synopsis (kept in the file, not printed in the script) and each answer's script.
 */
export function conversationToFountain(conversation: ConversationDocument): string {
  const elements: Element[] = [];
  for (const section of conversation.sections) {
    if (section.kind === "ask") {
      elements.push({ type: "section", text: `# ${section.heading}` });
      const ask = titleValue(section.markdown);
      if (ask) elements.push({ type: "synopsis", text: ask });
    } else {
      elements.push(...elementsOf(section.markdown, 1));
      if (section.note) elements.push({ type: "action", lines: [`*${section.note}*`] });
    }
  }
  return `Title: ${titleValue(conversation.title)}\nDate: ${titleValue(conversation.date)}\n\n${script(elements)}\n`;
}
