/**
 * The Stage & Screen assistant's script (Markdown, in the shapes its prompt asks for) →
 * Fountain, read back by an independent Fountain parser (fountain-js): scene headings,
 * character cues, dialogue, parentheticals, transitions and action are recognised as such.
 */
import { Fountain } from "fountain-js";
import { describe, expect, it } from "vitest";
import { conversationDocument } from "~/exports/conversation-document";
import { conversationToFountain, markdownToFountain } from "~/exports/markdown-to-fountain";

/** The parser's tokens as [type, text] pairs, without the begin/end markers of dialogue blocks. */
function tokensOf(fountain: string) {
  const { tokens, title } = new Fountain().parse(fountain, true);
  const kept = tokens.filter((token) => !/_(?:begin|end)$/.test(token.type));
  return { title, tokens: kept.map((token) => [token.type, token.text ?? ""] as const) };
}

const SCREEN = `## Dialogue Crafting

*Open choices: feature film, present day.*

**INT. BUS DEPOT – NIGHT**

Rain hammers the windows. MARA (30s) counts coins at the counter.

**MARA**
(not looking up)
You're late.

**JONAH** (quietly)
Bus was.

**MARA (V.O.)**

*(beat)*

No. You were.

SMASH CUT TO:

### EXT. PARKING LOT – CONTINUOUS

THE RAIN STOPS.
Jonah looks up.

FADE OUT.

### Subtext notes
- Mara wants *him* to apologise.
`;

describe("Markdown → Fountain (.fountain)", () => {
  it("a screen scene: headings, cues, parentheticals, dialogue, transitions and action", () => {
    const fountain = markdownToFountain(SCREEN, { title: "Dialogue Crafting" });
    const { title, tokens } = tokensOf(fountain);
    expect(title).toBe("Dialogue Crafting");
    expect(tokens).toEqual([
      ["title", "Dialogue Crafting"],
      ["section", "Dialogue Crafting"],
      ["action", "*Open choices: feature film, present day.*"],
      ["scene_heading", "INT. BUS DEPOT - NIGHT"],
      ["action", "Rain hammers the windows. MARA (30s) counts coins at the counter."],
      ["character", "MARA"],
      ["parenthetical", "(not looking up)"],
      ["dialogue", "You're late."],
      ["character", "JONAH"],
      ["parenthetical", "(quietly)"],
      ["dialogue", "Bus was."],
      ["character", "MARA (V.O.)"],
      ["parenthetical", "(beat)"],
      ["dialogue", "No. You were."],
      ["transition", "SMASH CUT TO:"],
      ["scene_heading", "EXT. PARKING LOT - CONTINUOUS"],
      ["action", "THE RAIN STOPS.\nJonah looks up."],
      ["transition", "FADE OUT."],
      ["section", "Subtext notes"],
      ["action", "- Mara wants *him* to apologise."],
    ]);
  });

  it("stage format: **NAME:** speeches with their directions, italic stage directions as action", () => {
    const stage = `**ACT ONE**

*(A bare kitchen. ELLEN sets down a glass.)*

**ELLEN:** *(not turning)* You kept his watch.

**RUTH:** It was on the table.

ELLEN: Then put it back.

SFX: A kettle starts to whistle.
`;
    const { tokens } = tokensOf(markdownToFountain(stage, { title: "Kitchen" }));
    expect(tokens).toEqual([
      ["title", "Kitchen"],
      ["centered", "ACT ONE"],
      ["action", "*(A bare kitchen. ELLEN sets down a glass.)*"],
      ["character", "ELLEN"],
      ["parenthetical", "(not turning)"],
      ["dialogue", "You kept his watch."],
      ["character", "RUTH"],
      ["dialogue", "It was on the table."],
      ["character", "ELLEN"],
      ["dialogue", "Then put it back."],
      ["action", "SFX: A kettle starts to whistle."],
    ]);
  });

  it("guidance that is not a script stays action and is never misread (caps lines, lists, tables)", () => {
    const notes = `## Beat breakdown

| # | What happens |
| --- | --- |
| 1 | Mara waits |

BLACKOUT!
The stage goes dark.

1. Enter late
2. Leave early

[[not a note]] and _italic_ words with a [link](https://example.com).
`;
    const { tokens } = tokensOf(markdownToFountain(notes, { title: "Beats" }));
    expect(tokens.map(([type]) => type)).toEqual(["title", "section", "action", "action", "action", "action"]);
    expect(tokens[2]![1]).toBe("# — What happens\n1 — Mara waits");
    expect(tokens[3]![1]).toBe("BLACKOUT!\nThe stage goes dark.");
    expect(tokens[4]![1]).toBe("1. Enter late\n2. Leave early");
    expect(tokens[5]![1]).toContain("*italic* words with a link.");
  });

  it("a scene inside a code fence converts the same way", () => {
    const fenced = "```\nINT. ROOF - DAY\n\nKAI\nJump.\n```\n";
    const { tokens } = tokensOf(markdownToFountain(fenced, { title: "Roof" }));
    expect(tokens).toEqual([
      ["title", "Roof"],
      ["scene_heading", "INT. ROOF - DAY"],
      ["character", "KAI"],
      ["dialogue", "Jump."],
    ]);
  });

  it("a conversation: title page with the date, each writer turn as a section and synopsis, each script", () => {
    const conversation = conversationDocument(
      {
        label: "Dialogue Crafting",
        createdAt: "2026-03-04T10:00:00.000Z",
        turns: [
          { role: "user", content: "Generate Dialogue Crafting.\n\nPremise: two sisters", status: "complete" },
          { role: "assistant", content: "**INT. FLAT – DAY**\n\n**ANNA**\nIt's yours.", status: "complete" },
          { role: "user", content: "Let the older sister lie more", status: "complete" },
          { role: "assistant", content: "**INT. FLAT – DAY**\n\n**ANNA**\nIt was never his.", status: "interrupted" },
        ],
      },
      { locale: "en-US", timeZone: "UTC" },
    );
    const fountain = conversationToFountain(conversation);
    expect(fountain.startsWith("Title: Dialogue Crafting\nDate: March 4, 2026 at 10:00 AM\n\n")).toBe(true);
    const { tokens } = tokensOf(fountain);
    expect(tokens).toEqual([
      ["title", "Dialogue Crafting"],
      ["date", "March 4, 2026 at 10:00 AM"],
      ["section", "Prompt"],
      ["synopsis", "Generate Dialogue Crafting. Premise: two sisters"],
      ["scene_heading", "INT. FLAT - DAY"],
      ["character", "ANNA"],
      ["dialogue", "It's yours."],
      ["section", "Follow-up 1"],
      ["synopsis", "Let the older sister lie more"],
      ["scene_heading", "INT. FLAT - DAY"],
      ["character", "ANNA"],
      ["dialogue", "It was never his."],
      ["action", "*Cut off by a connection problem.*"],
    ]);
  });
});
