import { describe, expect, it } from "vitest";
import { settledOrStreamed } from "../../app/lib/in-time.server.ts";

const after = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("settledOrStreamed", () => {
  it("gives the value itself when it is ready within the wait", async () => {
    const { value } = await settledOrStreamed(after(5, { entries: 3 }), 200);
    expect(value).toEqual({ entries: 3 });
    expect(value).not.toBeInstanceOf(Promise);
  });

  it("gives the promise back when the value is late, and does not wait for it", async () => {
    const slow = after(300, "late page");
    const started = performance.now();
    const { value } = await settledOrStreamed(slow, 20);
    expect(performance.now() - started).toBeLessThan(250);
    expect(value).toBe(slow);
    await expect(value).resolves.toBe("late page");
  });

  it("an already settled value goes out at once", async () => {
    const { value } = await settledOrStreamed(Promise.resolve(0), 1_000);
    expect(value).toBe(0);
  });
});
