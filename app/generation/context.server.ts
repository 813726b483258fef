/** Rebuilding a conversation for the model from storage, within a context budget. */
import type { ModelMessage } from "ai";
import { estimateTokens } from "~/lib/tokens";

export { estimateTokens };

/**
 * System prompt + as many of the most recent turns as fit + the new message. Oldest turns are
 * dropped first, in whole user/assistant pairs, so the model never sees an answer without
 * its question.
 */
export function buildFollowUpMessages({
  systemPrompt,
  turns,
  newText,
  budgetTokens,
}: {
  systemPrompt: string;
  turns: { role: "user" | "assistant" | "system"; content: string }[];
  newText: string;
  budgetTokens: number;
}): { system: string; messages: ModelMessage[]; droppedTurns: number } {
  const history = turns.filter((turn) => turn.role !== "system" && turn.content.length > 0);
  let used = estimateTokens(systemPrompt) + estimateTokens(newText);
  const kept: typeof history = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const cost = estimateTokens(history[i]!.content);
    if (used + cost > budgetTokens) break;
    used += cost;
    kept.unshift(history[i]!);
  }
  // Never start on an assistant turn: drop it with the question it answered.
  while (kept.length > 0 && kept[0]!.role !== "user") kept.shift();
  const messages: ModelMessage[] = [
    ...kept.map((turn) => ({ role: turn.role as "user" | "assistant", content: turn.content })),
    { role: "user", content: newText },
  ];
  return { system: systemPrompt, messages, droppedTurns: history.length - kept.length };
}
