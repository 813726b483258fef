import { exports } from "cloudflare:workers";
import { expect, it } from "vitest";

it("serves the landing page", async () => {
  const response = await exports.default.fetch("http://localhost/");
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("Start Free 30-Day Trial");
});
