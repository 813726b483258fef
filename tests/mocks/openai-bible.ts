/**
 * What the stand-in model makes of a project context block (decision 013): the sections and
 * entries it received, listed in its answer so that a test and a writer can see the block arrived.
 * It reads the block by the headings the app writes (app/messages/projects.ts).
 */
import { bibleTexts, projectContextTexts } from "../../app/messages/projects.ts";

type Message = { role: string; text: string };

export type ReceivedBible = { title: string; items: string[] };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const HEADING = new RegExp(`^${escape(projectContextTexts.headingPrefix)}(.+)$`, "m");
const SECTIONS = new Set<string>(Object.values(bibleTexts.sections));
const KINDS = Object.values(bibleTexts.kinds).map(escape).join("|");
const ENTRY = new RegExp(`^(${KINDS}) — (.+?)(?: \\(also: .*\\))?$`);

/** The last project context block in the request (the app sends it after the system prompt). */
export function receivedBible(messages: Message[]): ReceivedBible | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === "assistant") continue;
    const heading = HEADING.exec(message.text);
    if (!heading) continue;
    const block = message.text.slice(heading.index + heading[0].length);
    const items: string[] = [];
    for (const [, title] of block.matchAll(/^## (.+)$/gm)) {
      if (SECTIONS.has(title!)) items.push(title!);
      const entry = ENTRY.exec(title!);
      if (entry) items.push(`${entry[1]}: ${entry[2]}`);
    }
    return { title: heading[1]!.trim(), items };
  }
  return null;
}

/** The answer's "From your story bible" section, or "" when the request had no project context. */
export function bibleSection(messages: Message[]): string {
  const bible = receivedBible(messages);
  if (!bible) return "";
  const list = bible.items.length > 0 ? bible.items.map((item) => `- ${item}`).join("\n") : "- (nothing)";
  return `## From your story bible\n\nProject: ${bible.title}\n\n${list}\n\n`;
}
