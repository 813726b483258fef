/**
 * The block of `key: value` lines between two `---` lines at the top of an exported Markdown
 * file ("front matter", the subset of YAML that static-site tools and note apps read). Texts are
 * written as JSON strings, which are also YAML's double-quoted strings, so any title survives;
 * reading also takes a bare value or a single-quoted one, as a writer may type them by hand.
 */
import { bundleErrors } from "~/messages/bundle";

export type FrontMatterValue = string | number | boolean;
export type FrontMatterError = { line: number; message: string };

const FENCE = "---";
const KEY_LINE = /^([A-Za-z][\w-]*)[ \t]*:(.*)$/;

function formatValue(value: FrontMatterValue): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** The block for the given fields, in order; `null` and `undefined` ones are left out. */
export function writeFrontMatter(fields: Record<string, FrontMatterValue | null | undefined>): string {
  const lines = Object.entries(fields)
    .filter((entry): entry is [string, FrontMatterValue] => entry[1] !== null && entry[1] !== undefined)
    .map(([key, value]) => `${key}: ${formatValue(value)}`);
  return [FENCE, ...lines, FENCE, ""].join("\n");
}

function readValue(raw: string): FrontMatterValue | undefined {
  const value = raw.trim();
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return typeof parsed === "string" ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  if (value.startsWith("'")) {
    return value.length >= 2 && value.endsWith("'") && !/(^|[^'])'(?!')/.test(value.slice(1, -1))
      ? value.slice(1, -1).replaceAll("''", "'")
      : undefined;
  }
  if (value === "true" || value === "false") return value === "true";
  if (/^-?\d+(?:\.\d+)?$/.test(value)) return Number(value);
  return value;
}

export type FrontMatter = {
  fields: Map<string, FrontMatterValue>;
  /** The index of the first line after the block (0 when there is none). */
  bodyStart: number;
  errors: FrontMatterError[];
};

/** Reads the block if the first line is `---`; keys are compared lower-cased. */
export function readFrontMatter(lines: readonly string[]): FrontMatter {
  const fields = new Map<string, FrontMatterValue>();
  const errors: FrontMatterError[] = [];
  if (lines[0]?.trimEnd() !== FENCE) return { fields, bodyStart: 0, errors };
  const end = lines.findIndex((line, index) => index > 0 && line.trimEnd() === FENCE);
  if (end < 0) return { fields, bodyStart: lines.length, errors: [{ line: 1, message: bundleErrors.unclosedFrontMatter }] };
  for (let index = 1; index < end; index++) {
    const line = lines[index]!;
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const match = KEY_LINE.exec(line);
    if (!match) {
      errors.push({ line: index + 1, message: bundleErrors.frontMatterLine });
      continue;
    }
    const value = readValue(match[2]!);
    if (value === undefined) errors.push({ line: index + 1, message: bundleErrors.frontMatterValue(match[1]!) });
    else fields.set(match[1]!.toLowerCase(), value);
  }
  return { fields, bodyStart: end + 1, errors };
}
