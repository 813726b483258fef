export type BenchResult = { name: string; value: string; budget?: string; ok: boolean };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** What a bench needs of the running app: its address, the stand-ins' address and a signed-in cookie. */
export type RunningApp = { baseUrl: string; mockUrl: string; cookie: string };
