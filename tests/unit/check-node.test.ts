import { describe, expect, it } from "vitest";
import packageJson from "../../package.json";
import { isAtLeast, minimumOf, tooOldMessage } from "../../scripts/check-node.cjs";

describe("the Node version check (scripts/check-node.cjs)", () => {
  it("compares major, then minor, then patch", () => {
    expect(isAtLeast([22, 22, 0], [22, 22, 0])).toBe(true);
    expect(isAtLeast([22, 22, 1], [22, 22, 0])).toBe(true);
    expect(isAtLeast([22, 21, 9], [22, 22, 0])).toBe(false);
    expect(isAtLeast([23, 0, 0], [22, 22, 0])).toBe(true);
    expect(isAtLeast([20, 99, 99], [22, 22, 0])).toBe(false);
    // Numbers, not strings: 9 < 10.
    expect(isAtLeast([22, 9, 0], [22, 10, 0])).toBe(false);
  });

  it("reads the minimum from engines.node, and refuses a range it would only half read", () => {
    expect(minimumOf(">=22.22.0")).toEqual([22, 22, 0]);
    expect(minimumOf(">= 22.22.0")).toEqual([22, 22, 0]);
    expect(() => minimumOf("^22.22.0 || >=24")).toThrow(/>=x\.y\.z/);
    expect(() => minimumOf(">=22")).toThrow();
  });

  it("says which Node is needed, which one this is and how to get another", () => {
    expect(tooOldMessage("v20.20.2", ">=22.22.0")).toBe(
      "The Write Stuff needs Node.js 22.22 or newer; this is v20.20.2. Install a current LTS release (https://nodejs.org, or `nvm install --lts`) and run the command again.",
    );
    expect(tooOldMessage("v22.21.9", ">=22.22.1")).toMatch(/^The Write Stuff needs Node\.js 22\.22\.1 or newer; this is v22\.21\.9\./);
  });

  it("lets a new enough Node, or one whose version it cannot read, through", () => {
    expect(tooOldMessage("v22.22.0", ">=22.22.0")).toBeNull();
    expect(tooOldMessage("v24.21.0", ">=22.22.0")).toBeNull();
    expect(tooOldMessage("v26.0.0-nightly2026", ">=22.22.0")).toBeNull();
    expect(tooOldMessage("unknown", ">=22.22.0")).toBeNull();
  });

  it("passes the Node these tests run on, with the project's own engines.node", () => {
    expect(tooOldMessage(process.version, packageJson.engines.node)).toBeNull();
  });
});
