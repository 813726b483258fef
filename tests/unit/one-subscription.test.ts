/**
 * The rules behind "one writer, at most one subscription" (decision 011): when a stored Checkout
 * session is handed out again, and which of several live subscriptions a writer keeps.
 */
import { describe, expect, it } from "vitest";
import {
  liveSubscriptions,
  MIN_CHECKOUT_SECONDS_LEFT,
  storedCheckoutDecision,
  subscriptionToKeep,
} from "~/billing/one-subscription";

const NOW = 1_800_000_000;
const URL = "https://checkout.stripe.com/c/pay/cs_1";

describe("storedCheckoutDecision", () => {
  it("reuses an open session with time left", () => {
    expect(storedCheckoutDecision({ status: "open", url: URL, expires_at: NOW + 23 * 3600 }, NOW)).toEqual({ action: "reuse", url: URL });
    expect(storedCheckoutDecision({ status: "open", url: URL, expires_at: NOW + MIN_CHECKOUT_SECONDS_LEFT }, NOW).action).toBe("reuse");
  });

  it("expires an open session about to expire (it must not stay payable beside its replacement)", () => {
    expect(storedCheckoutDecision({ status: "open", url: URL, expires_at: NOW + MIN_CHECKOUT_SECONDS_LEFT - 1 }, NOW)).toEqual({
      action: "expire",
    });
    expect(storedCheckoutDecision({ status: "open", url: null, expires_at: NOW + 3600 }, NOW)).toEqual({ action: "expire" });
  });

  it("replaces a completed or expired session", () => {
    for (const status of ["complete", "expired", null]) {
      expect(storedCheckoutDecision({ status, url: null, expires_at: NOW + 3600 }, NOW)).toEqual({ action: "replace" });
    }
  });
});

describe("which live subscription a writer keeps", () => {
  const sub = (id: string, created: number, status = "active") => ({ id, created, status });

  it("counts active, trialing and past_due as live, in the order given", () => {
    const all = [sub("a", 3), sub("b", 2, "canceled"), sub("c", 1, "past_due"), sub("d", 0, "incomplete_expired"), sub("e", 0, "trialing")];
    expect(liveSubscriptions(all).map((s) => s.id)).toEqual(["a", "c", "e"]);
  });

  it("keeps the oldest, whatever the app tracks", () => {
    const live = [sub("sub_new", 200), sub("sub_old", 100)];
    expect(subscriptionToKeep(live, null)?.id).toBe("sub_old");
    expect(subscriptionToKeep(live, "sub_new")?.id).toBe("sub_old");
    expect(subscriptionToKeep([...live].reverse(), "sub_old")?.id).toBe("sub_old");
  });

  it("among equal seconds: the tracked one, else the one Stripe lists last (the older)", () => {
    const live = [sub("sub_2", 100), sub("sub_1", 100)];
    expect(subscriptionToKeep(live, null)?.id).toBe("sub_1");
    expect(subscriptionToKeep(live, "sub_2")?.id).toBe("sub_2");
    expect(subscriptionToKeep(live, "sub_1")?.id).toBe("sub_1");
  });

  it("none live: null; one: that one", () => {
    expect(subscriptionToKeep([], "sub_1")).toBeNull();
    expect(subscriptionToKeep([sub("sub_9", 5)], null)?.id).toBe("sub_9");
  });
});
