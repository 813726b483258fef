/**
 * Titles (decision 012): the writer's rename wins; otherwise the element's label and the first
 * filled detail in the element's field order (up to 60 characters), or the answer's first
 * heading when no detail was filled; the label alone when neither exists. Stored details are
 * read defensively, and the body of a rename or star is checked as the API checks it.
 */
import { describe, expect, it } from "vitest";
import { historyChangesSchema } from "../../app/history/entry-changes.server";
import { conversationTitle, derivedTitle, firstHeading, parseDetails, titleProblem } from "../../app/history/titles";
import { historyTexts } from "../../app/messages/history";

const base = { queryType: "prose", element: "outline", title: null, details: {}, answer: null };

describe("derived titles", () => {
  it("label · first filled detail, in the element's field order (not the JSON's)", () => {
    const details = parseDetails(JSON.stringify({ tone: "wry", genre: "cozy mystery" }));
    expect(derivedTitle({ ...base, details })).toBe("Story outline · cozy mystery");
  });

  it("a long detail is cut to 60 characters with an ellipsis, on one line", () => {
    const title = derivedTitle({ ...base, details: { storyIdea: `A cartographer\nwho maps ${"forbidden ".repeat(10)}places` } });
    const part = title.split(" · ")[1]!;
    expect(part).toHaveLength(60);
    expect(part.endsWith("…")).toBe(true);
    expect(part.startsWith("A cartographer who maps forbidden")).toBe(true);
  });

  it("no detail: the answer's first heading (plain text); no heading: the label alone", () => {
    expect(derivedTitle({ ...base, answer: "Intro line\n\n## The **Salt** Road ##\n\n# Later" })).toBe("Story outline · The Salt Road");
    expect(derivedTitle({ ...base, answer: "No heading here, just prose." })).toBe("Story outline");
    expect(derivedTitle({ ...base, answer: null })).toBe("Story outline");
    // A heading that only repeats the element's name adds nothing.
    expect(derivedTitle({ ...base, answer: "# Story Outline\n\n## Act one" })).toBe("Story outline");
  });

  it("types the tools never saved keep their spec labels; details of unknown fields still count", () => {
    expect(derivedTitle({ ...base, queryType: "world_building", element: null, answer: "# Tidewater" })).toBe("World Building · Tidewater");
    expect(derivedTitle({ ...base, queryType: "memoir", element: null, details: { mood: "quiet" } })).toBe("memoir · quiet");
  });

  it("the writer's rename wins; a blank rename is no rename", () => {
    expect(conversationTitle({ ...base, title: "  My outline  ", details: { genre: "noir" } })).toBe("My outline");
    expect(conversationTitle({ ...base, title: "   ", details: { genre: "noir" } })).toBe("Story outline · noir");
  });
});

describe("first heading", () => {
  it("ATX and setext headings; headings inside code fences and list items do not count", () => {
    expect(firstHeading("```\n# not this\n```\n\nTitle line\n=====")).toBe("Title line");
    expect(firstHeading("- item\n---\n\n### [Linked](https://example.com) `code`")).toBe("Linked code");
    expect(firstHeading("#NoSpace\n\ntext")).toBeNull();
    expect(firstHeading("")).toBeNull();
  });
});

describe("stored details", () => {
  it("NULL, malformed JSON, arrays and non-string values give nothing; values are trimmed", () => {
    expect(parseDetails(null)).toEqual({});
    expect(parseDetails("{not json")).toEqual({});
    expect(parseDetails('["genre"]')).toEqual({});
    expect(parseDetails('{"genre":" noir ","tone":"","length":3,"setting":null}')).toEqual({ genre: "noir" });
  });
});

describe("the body of PATCH /api/history/:id (its route's schema)", () => {
  const parse = (body: unknown) => historyChangesSchema.safeParse(body);
  it("a title (trimmed; empty = automatic), a star, or both", () => {
    expect(parse({ title: "  Salt Road  " }).data).toEqual({ title: "Salt Road" });
    expect(parse({ title: "   " }).data).toEqual({ title: null });
    expect(parse({ starred: true, title: "x".repeat(120) }).data).toEqual({ starred: true, title: "x".repeat(120) });
  });

  it("too long, wrong types, unknown keys or nothing to change are refused (too long in its own words)", () => {
    expect(parse({ title: "x".repeat(121) }).error?.issues[0]?.message).toBe(historyTexts.titleTooLong);
    for (const body of [{}, { starred: "yes" }, { title: 5 }, { title: "ok", extra: 1 }, null, [], "title"]) {
      expect(parse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(parse({}).error?.issues[0]?.message).toBe(historyTexts.changesInvalid);
    expect(titleProblem("y".repeat(121))).toBe(historyTexts.titleTooLong);
    expect(titleProblem(` ${"y".repeat(120)} `)).toBeNull();
  });
});
