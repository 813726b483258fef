import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Autosaver, type SaveState } from "~/projects/autosaver";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

/** A saver whose server answers as told, recording what it was sent and what the field said. */
function setup(answers: ("ok" | "fail")[]) {
  const sent: string[] = [];
  const states: string[] = [];
  const server = vi.fn(async (value: string) => {
    sent.push(value);
    if ((answers.shift() ?? "ok") === "fail") throw new Error("offline");
  });
  const saver = new Autosaver<string>("", server, (state: SaveState, error) => states.push(error ? `${state}: ${error}` : state), 700);
  return { saver, sent, states };
}

describe("autosave", () => {
  it("saves once the writer pauses, only the latest text", async () => {
    const { saver, sent, states } = setup([]);
    saver.change("A", false);
    await vi.advanceTimersByTimeAsync(300);
    saver.change("Ag", false);
    saver.change("Agnes", false);
    await vi.advanceTimersByTimeAsync(700);
    expect(sent).toEqual(["Agnes"]);
    expect(states.at(-1)).toBe("saved");
    expect(saver.dirty).toBe(false);
  });

  it("keeps a failed text, says so, and retries by itself until it is saved", async () => {
    const { saver, sent, states } = setup(["fail", "fail", "ok"]);
    saver.change("Agnes", false);
    await vi.advanceTimersByTimeAsync(700);
    expect(states.at(-1)).toBe("failed: offline");
    expect(saver.dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent).toEqual(["Agnes", "Agnes"]);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(sent).toEqual(["Agnes", "Agnes", "Agnes"]);
    expect(states.at(-1)).toBe("saved");
    expect(saver.dirty).toBe(false);
  });

  it("Retry saves at once, with what was typed after the failure", async () => {
    const { saver, sent } = setup(["fail", "ok"]);
    saver.change("Agnes", false);
    await vi.advanceTimersByTimeAsync(700);
    saver.change("Agnes Pell", true);
    expect(await saver.flush()).toBe(true);
    expect(sent).toEqual(["Agnes", "Agnes Pell"]);
    expect(saver.dirty).toBe(false);
  });

  it("saves again after a save under way when the text changed meanwhile", async () => {
    let release: () => void = () => {};
    const sent: string[] = [];
    const saver = new Autosaver<string>("", (value: string) => new Promise<void>((resolve) => {
      sent.push(value);
      release = resolve;
    }), () => {}, 700);
    saver.change("Agnes", false);
    await vi.advanceTimersByTimeAsync(700);
    saver.change("Agnes Pell", false);
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(700);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(["Agnes", "Agnes Pell"]);
    expect(saver.dirty).toBe(false);
  });

  it("typing back to the saved text needs no save", async () => {
    const { saver, sent } = setup([]);
    saver.change("A", false);
    saver.change("", false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([]);
  });
});
