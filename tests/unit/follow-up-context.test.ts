import { describe, expect, it } from "vitest";
import { buildFollowUpMessages, estimateTokens } from "~/generation/context.server";

const turn = (role: "user" | "assistant", content: string) => ({ role, content });

describe("follow-up context", () => {
  it("sends the system prompt, every stored turn in order and the new question", () => {
    const result = buildFollowUpMessages({
      systemPrompt: "You are an editor.",
      turns: [turn("user", "Generate Poem."), turn("assistant", "A poem."), turn("user", "Shorter"), turn("assistant", "Poem.")],
      newText: "Now rhyme it",
      budgetTokens: 10_000,
    });
    expect(result.system).toBe("You are an editor.");
    expect(result.messages).toEqual([
      { role: "user", content: "Generate Poem." },
      { role: "assistant", content: "A poem." },
      { role: "user", content: "Shorter" },
      { role: "assistant", content: "Poem." },
      { role: "user", content: "Now rhyme it" },
    ]);
    expect(result.droppedTurns).toBe(0);
  });

  it("drops the oldest turns first, in whole exchanges, to fit the budget", () => {
    const big = "x".repeat(3_500); // ~1,000 tokens
    const turns = [turn("user", big), turn("assistant", big), turn("user", big), turn("assistant", big), turn("user", "q3"), turn("assistant", "a3")];
    const base = estimateTokens("sys") + estimateTokens("new") + estimateTokens("q3") + estimateTokens("a3");
    const twoBig = buildFollowUpMessages({ systemPrompt: "sys", turns, newText: "new", budgetTokens: base + estimateTokens(big) * 2 });
    expect(twoBig.messages.map((m) => m.content)).toEqual([big, big, "q3", "a3", "new"]);
    expect(twoBig.droppedTurns).toBe(2);
    // Room for one big turn only: that would be an answer without its question, so it goes too.
    const oneBig = buildFollowUpMessages({ systemPrompt: "sys", turns, newText: "new", budgetTokens: base + estimateTokens(big) });
    expect(oneBig.messages.map((m) => m.content)).toEqual(["q3", "a3", "new"]);
    expect(oneBig.droppedTurns).toBe(4);
  });

  it("always keeps the new question even when nothing else fits", () => {
    const result = buildFollowUpMessages({
      systemPrompt: "sys",
      turns: [turn("user", "y".repeat(100_000)), turn("assistant", "z".repeat(100_000))],
      newText: "new",
      budgetTokens: 100,
    });
    expect(result.messages).toEqual([{ role: "user", content: "new" }]);
  });
});
