/**
 * The one token estimate the app budgets with (the conversation's context, the project context
 * block). Deterministic and cheap: characters / 3.5, rounded up — about 4 characters per token for
 * English prose, deliberately pessimistic so other scripts and names do not overflow a budget.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3.5);
}
