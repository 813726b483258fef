import { describe, expect, it } from "vitest";
import {
  afterTurn,
  neighbourVersion,
  previousVersion,
  showVersion,
  shownVersion,
  versionPlace,
  type LastExchange,
  type TurnResult,
} from "~/generation/last-exchange";

const turn = (overrides: Partial<TurnResult>): TurnResult => ({
  kind: "initial",
  exchangeId: "ex-1",
  version: 1,
  received: "First answer",
  status: "complete",
  userText: null,
  ...overrides,
});

const twoVersions = (): LastExchange => afterTurn(afterTurn(null, turn({})), turn({ kind: "version", version: 2, received: "Second answer" }));

describe("the last exchange's versions", () => {
  it("a new exchange starts with its one version shown", () => {
    const exchange = afterTurn(null, turn({}));
    expect(exchange).toEqual({ exchangeId: "ex-1", versions: [{ version: 1, userText: null, text: "First answer", status: "complete" }], shown: 1 });
    expect(versionPlace(exchange)).toEqual({ position: 1, total: 1 });
    expect(previousVersion(exchange)).toBeUndefined();
  });

  it("Another version is added, shown, and compared with the one before", () => {
    const exchange = twoVersions();
    expect(exchange.versions.map((entry) => entry.version)).toEqual([1, 2]);
    expect(shownVersion(exchange)?.text).toBe("Second answer");
    expect(previousVersion(exchange)?.text).toBe("First answer");
    expect(versionPlace(exchange)).toEqual({ position: 2, total: 2 });
    expect(neighbourVersion(exchange, -1)).toBe(1);
    expect(neighbourVersion(exchange, 1)).toBeNull();
  });

  it("switching shows another known version; an unknown one changes nothing", () => {
    const back = showVersion(twoVersions(), 1);
    expect(shownVersion(back)?.text).toBe("First answer");
    expect(neighbourVersion(back, -1)).toBeNull();
    expect(neighbourVersion(back, 1)).toBe(2);
    expect(showVersion(back, 7)).toBe(back);
  });

  it("a version made while an earlier one is shown goes after all of them", () => {
    const third = afterTurn(showVersion(twoVersions(), 1), turn({ kind: "version", version: 3, received: "Third" }));
    expect(third.versions.map((entry) => entry.version)).toEqual([1, 2, 3]);
    expect(versionPlace(third)).toEqual({ position: 3, total: 3 });
    expect(previousVersion(third)?.text).toBe("Second answer");
  });

  it("Edit keeps the edited writer text with its version", () => {
    const asked = afterTurn(null, turn({ kind: "follow-up", userText: "Darker" }));
    const edited = afterTurn(asked, turn({ kind: "edit", version: 2, userText: "Lighter", received: "Light" }));
    expect(edited.versions.map((entry) => entry.userText)).toEqual(["Darker", "Lighter"]);
  });

  it("Continue carries the shown version on and takes the new ending", () => {
    const stopped = afterTurn(null, turn({ received: "Half", status: "stopped" }));
    const carried = afterTurn(stopped, turn({ kind: "continue", received: " and the rest.", status: "complete" }));
    expect(carried.versions).toEqual([{ version: 1, userText: null, text: "Half and the rest.", status: "complete" }]);
  });

  it("a follow-up starts a new exchange: the old versions are no longer switchable", () => {
    const next = afterTurn(twoVersions(), turn({ kind: "follow-up", exchangeId: "ex-2", userText: "More", received: "Revision" }));
    expect(next).toEqual({ exchangeId: "ex-2", versions: [{ version: 1, userText: "More", text: "Revision", status: "complete" }], shown: 1 });
  });
});
