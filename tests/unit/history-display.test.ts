/**
 * Spec section 4, "Display cleaning of stored text" and "Download": the cleaning applied to
 * every turn before it is shown, and the two files a history entry downloads as.
 */
import { describe, expect, it } from "vitest";
import { cleanForDisplay } from "~/history/display";
import {
  exchanges,
  fileDate,
  markdownFileContent,
  markdownFileName,
  textFileContent,
  textFileName,
} from "~/history/export";
import type { HistoryThread } from "~/history/types";
import { SPEC_TOOLS } from "../spec/tables";

describe("display cleaning", () => {
  it("'Output Type Requested' becomes 'Request'", () => {
    expect(cleanForDisplay("The Output Type Requested was a poem.")).toBe("The Request was a poem.");
    expect(cleanForDisplay("Output Type Requested and Output Type Requested")).toBe("Request and Request");
  });

  it("'Creative Parameters' becomes 'Parameters'", () => {
    expect(cleanForDisplay("See the Creative Parameters below.")).toBe("See the Parameters below.");
  });

  it("known label lines are made bold (Genre, Tone, Setting and the other field labels)", () => {
    expect(cleanForDisplay("Genre: noir")).toBe("**Genre:** noir");
    expect(cleanForDisplay("Tone: wry\nSetting: a drowned city")).toBe("**Tone:** wry\n**Setting:** a drowned city");
    // Every field label of the spec's tables, Genre, Tone and Setting included.
    for (const label of new Set(SPEC_TOOLS.flatMap((tool) => Object.values(tool.fieldLabels)))) {
      expect(cleanForDisplay(`${label}: value`), label).toBe(`**${label}:** value`);
    }
  });

  it("a label line keeps its list marker or indentation and tolerates a missing space or value", () => {
    expect(cleanForDisplay("- Genre: noir\n* Tone: wry\n+ Setting: Oslo")).toBe(
      "- **Genre:** noir\n* **Tone:** wry\n+ **Setting:** Oslo",
    );
    expect(cleanForDisplay("Intro\n  Genre: noir")).toBe("Intro\n  **Genre:** noir");
    expect(cleanForDisplay("Genre:noir")).toBe("**Genre:** noir");
    expect(cleanForDisplay("Intro\nGenre:")).toBe("Intro\n**Genre:**");
    expect(cleanForDisplay("Intro\nGenre:   \nEnd")).toBe("Intro\n**Genre:**\nEnd");
  });

  it("label lines already bold are left as they are", () => {
    const bold = "**Genre:** noir\n- **Tone:** wry\n**Setting**: Oslo\n__Theme:__ loss";
    expect(cleanForDisplay(bold)).toBe(bold);
  });

  it("only whole label lines are bolded: a label in the middle of a line, unknown labels and other case stay", () => {
    const text = "The Genre: noir is a choice.\nWeather: rain\ngenre: lowercase\nGenres: plural";
    expect(cleanForDisplay(text)).toBe(text);
  });

  it("everything from a '--- Follow-ups ---' marker on is dropped, wherever it sits", () => {
    expect(cleanForDisplay("# Answer\n\nBody\n\n--- Follow-ups ---\nUser: more\nAssistant: more")).toBe("# Answer\n\nBody");
    expect(cleanForDisplay("Body text --- Follow-ups --- trailing words")).toBe("Body text");
    expect(cleanForDisplay("--- Follow-ups ---\nonly follow-ups")).toBe("");
    // Only the first marker counts; the text after it, labels and all, is gone.
    expect(cleanForDisplay("A\n--- Follow-ups ---\nGenre: x\n--- Follow-ups ---\nB")).toBe("A");
  });

  it("runs of three or more blank lines collapse to one; one or two blank lines stay", () => {
    expect(cleanForDisplay("a\n\n\n\nb")).toBe("a\n\nb");
    expect(cleanForDisplay("a\n\n\n\n\n\n\nb")).toBe("a\n\nb");
    expect(cleanForDisplay("a\n \n\t\n  \nb")).toBe("a\n\nb");
    expect(cleanForDisplay("a\n\nb")).toBe("a\n\nb");
    expect(cleanForDisplay("a\n\n\nb")).toBe("a\n\n\nb");
  });

  it("CRLF and lone CR line ends are read as line ends", () => {
    expect(cleanForDisplay("Genre: noir\r\nTone: wry\r\n")).toBe("**Genre:** noir\n**Tone:** wry");
    expect(cleanForDisplay("a\r\n\r\n\r\n\r\nb")).toBe("a\n\nb");
    expect(cleanForDisplay("Genre: noir\rTone: wry")).toBe("**Genre:** noir\n**Tone:** wry");
    expect(cleanForDisplay("Body\r\n--- Follow-ups ---\r\nmore")).toBe("Body");
  });

  it("all rules together, as a stored prompt of the original app looked", () => {
    const stored = [
      "Output Type Requested: World description",
      "",
      "Creative Parameters:",
      "Genre: dark fantasy",
      "- Setting: a drowned city",
      "**Tone:** already bold",
      "",
      "",
      "",
      "",
      "Story Idea: a cartographer maps forbidden places",
      "--- Follow-ups ---",
      "Genre: never shown",
    ].join("\r\n");
    expect(cleanForDisplay(stored)).toBe(
      [
        "**Request:** World description",
        "",
        "**Parameters:**",
        "**Genre:** dark fantasy",
        "- **Setting:** a drowned city",
        "**Tone:** already bold",
        "",
        "**Story Idea:** a cartographer maps forbidden places",
      ].join("\n"),
    );
  });

  it("plain text and empty text pass through (trimmed)", () => {
    expect(cleanForDisplay("  # A world\n\nWith *emphasis*.  ")).toBe("# A world\n\nWith *emphasis*.");
    expect(cleanForDisplay("")).toBe("");
  });
});

/** A thread started at a fixed local time (files name the writer's local date). */
function thread(turns: HistoryThread["turns"], overrides: Partial<HistoryThread> = {}): HistoryThread {
  return {
    id: "entry-1",
    queryType: "prose",
    label: "World description",
    title: "World description",
    starred: false,
    element: "world",
    details: {},
    mode: "generate",
    createdAt: new Date(2026, 10, 21, 9, 30).toISOString(),
    continuePath: "/prose?conversation=c-1",
    turns,
    ...overrides,
  };
}

const user = (content: string) => ({ role: "user" as const, content, status: "complete" });
const assistant = (content: string, status = "complete") => ({ role: "assistant" as const, content, status });

describe("download file names", () => {
  it("{query_type}_{local date with / replaced by -}.txt and .md", () => {
    const single = thread([user("p"), assistant("r")]);
    expect(textFileName(single, "en-US")).toBe("prose_11-21-2026.txt");
    expect(markdownFileName(single, "en-US")).toBe("prose_11-21-2026.md");
    expect(textFileName({ ...single, queryType: "world_building" }, "en-US")).toBe("world_building_11-21-2026.txt");
    expect(textFileName({ ...single, queryType: "stage_screen_unified" }, "en-US")).toBe("stage_screen_unified_11-21-2026.txt");
  });

  it("uses the local date, not the UTC date", () => {
    // 23:59 local time on 1 March is still 1 March in the file name, whatever the time zone.
    const late = thread([user("p"), assistant("r")], { createdAt: new Date(2026, 2, 1, 23, 59).toISOString() });
    expect(textFileName(late, "en-US")).toBe("prose_3-1-2026.txt");
    const early = thread([user("p"), assistant("r")], { createdAt: new Date(2026, 0, 2, 0, 1).toISOString() });
    expect(textFileName(early, "en-US")).toBe("prose_1-2-2026.txt");
  });

  it("follows the writer's locale: every / becomes -", () => {
    const date = new Date(2026, 10, 21, 9, 30);
    expect(fileDate(date, "en-US")).toBe("11-21-2026");
    expect(fileDate(date, "en-GB")).toBe("21-11-2026");
    expect(fileDate(date, "de-DE")).toBe("21.11.2026");
  });

  it("a type with characters unfit for a file name cannot leave the name's shape", () => {
    const odd = thread([user("p"), assistant("r")], { queryType: "../etc/passwd" });
    const name = textFileName(odd, "en-US");
    expect(name).not.toContain("/");
    expect(name).toMatch(/^[\w-]+_11-21-2026\.txt$/);
  });
});

describe("download contents", () => {
  it("a single exchange: '**Prompt:**' then the prompt, then '**Response:**' then the response", () => {
    const single = thread([user("Generate World description.\n\nGenre: noir"), assistant("# A world\n\nRain.")]);
    expect(textFileContent(single)).toBe(
      "**Prompt:**\nGenerate World description.\n\nGenre: noir\n\n**Response:**\n# A world\n\nRain.",
    );
  });

  it("a refined conversation: every follow-up and its response follow, in order", () => {
    const multi = thread([
      user("Generate Story outline."),
      assistant("Act one."),
      user("Make it darker"),
      assistant("Act one, darker."),
      user("Add a twist"),
      assistant("A twist."),
    ]);
    expect(textFileContent(multi)).toBe(
      [
        "**Prompt:**\nGenerate Story outline.\n\n**Response:**\nAct one.",
        "**Follow-up:**\nMake it darker\n\n**Response:**\nAct one, darker.",
        "**Follow-up:**\nAdd a twist\n\n**Response:**\nA twist.",
      ].join("\n\n"),
    );
  });

  it("a stopped turn keeps the text that was saved", () => {
    const stopped = thread([user("Generate Poem."), assistant("Roses are"), user("Finish it"), assistant("Violets", "stopped")]);
    expect(textFileContent(stopped)).toBe(
      "**Prompt:**\nGenerate Poem.\n\n**Response:**\nRoses are\n\n**Follow-up:**\nFinish it\n\n**Response:**\nViolets",
    );
  });

  it("pairs turns as asked/answered, whatever is missing", () => {
    expect(exchanges(thread([user("a"), assistant("b"), user("c")]))).toEqual([
      { ask: "a", answer: "b", status: "complete" },
      { ask: "c", answer: "", status: "complete" },
    ]);
    expect(exchanges(thread([assistant("orphan")]))).toEqual([{ ask: "", answer: "orphan", status: "complete" }]);
    expect(exchanges(thread([]))).toEqual([]);
  });

  it("the Markdown file is the whole thread with headings, its label, date and status notes", () => {
    const multi = thread(
      [
        user("Generate World description."),
        assistant("# A world"),
        user("Darker"),
        assistant("Darker wor", "stopped"),
        user("Again"),
        assistant("Cut", "interrupted"),
      ],
      { label: "World description" },
    );
    const when = new Date(multi.createdAt).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" });
    expect(when).toContain("November 21, 2026");
    expect(markdownFileContent(multi, "en-US")).toBe(
      [
        "# World description",
        `_${when}_`,
        "## Prompt",
        "Generate World description.",
        "## Response",
        "# A world",
        "## Follow-up 1",
        "Darker",
        "### Response",
        "Darker wor",
        "_(Stopped before the end.)_",
        "## Follow-up 2",
        "Again",
        "### Response",
        "Cut",
        "_(The answer was cut off by a connection problem.)_",
      ].join("\n\n") + "\n",
    );
  });

  it("the Markdown file marks an empty prompt or a missing answer", () => {
    const md = markdownFileContent(thread([user("  "), assistant("")]), "en-US");
    expect(md).toContain("## Prompt\n\n_(empty)_\n\n## Response\n\n_(no answer)_\n");
  });
});
