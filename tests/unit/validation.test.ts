import { describe, expect, it } from "vitest";
import {
  normalizeEmail,
  passwordChangeProblem,
  resetRequestProblem,
  signInProblem,
  signUpProblem,
} from "~/auth/validation";

describe("sign-up rules (spec section 5)", () => {
  it("requires all three fields", () => {
    expect(signUpProblem({ email: "", password: "secret1", confirmPassword: "secret1" })).toBe(
      "Please fill in all fields",
    );
    expect(signUpProblem({ email: "a@b.co", password: "", confirmPassword: "secret1" })).toBe(
      "Please fill in all fields",
    );
    expect(signUpProblem({ email: "   ", password: "x", confirmPassword: "x" })).toBe("Please fill in all fields");
  });

  it("requires matching passwords", () => {
    expect(signUpProblem({ email: "a@b.co", password: "secret1", confirmPassword: "secret2" })).toBe(
      "Passwords do not match",
    );
  });

  it("uses the password-change minimum so writers only ever hear one rule", () => {
    expect(signUpProblem({ email: "a@b.co", password: "five5", confirmPassword: "five5" })).toBe(
      "Password must be at least 6 characters long.",
    );
    expect(signUpProblem({ email: "a@b.co", password: "sixsix", confirmPassword: "sixsix" })).toBeNull();
  });

  it("rejects malformed and oversize e-mails and oversize passwords", () => {
    expect(signUpProblem({ email: "not-an-email", password: "secret1", confirmPassword: "secret1" })).toBe(
      "Please enter a valid e-mail address.",
    );
    const long = `${"a".repeat(250)}@b.co`;
    expect(signUpProblem({ email: long, password: "secret1", confirmPassword: "secret1" })).toBe(
      "Please enter a valid e-mail address.",
    );
    const huge = "p".repeat(201);
    expect(signUpProblem({ email: "a@b.co", password: huge, confirmPassword: huge })).toBe(
      "Password must be at most 200 characters long.",
    );
  });

  it("trims and lower-cases e-mail", () => {
    expect(normalizeEmail("  Writer@Example.COM ")).toBe("writer@example.com");
  });
});

describe("password change rules (spec section 5)", () => {
  it("uses the spec's texts in the spec's order", () => {
    expect(passwordChangeProblem({ password: "", confirmPassword: "" })).toBe("Please fill in both password fields.");
    expect(passwordChangeProblem({ password: "secret1", confirmPassword: "" })).toBe(
      "Please fill in both password fields.",
    );
    expect(passwordChangeProblem({ password: "secret1", confirmPassword: "secret2" })).toBe("Passwords do not match.");
    expect(passwordChangeProblem({ password: "short", confirmPassword: "short" })).toBe(
      "Password must be at least 6 characters long.",
    );
    expect(passwordChangeProblem({ password: "longer1", confirmPassword: "longer1" })).toBeNull();
  });
});

describe("sign-in and reset rules", () => {
  it("requires e-mail and password", () => {
    expect(signInProblem({ email: "", password: "x" })).not.toBeNull();
    expect(signInProblem({ email: "a@b.co", password: "" })).not.toBeNull();
    expect(signInProblem({ email: "a@b.co", password: "x" })).toBeNull();
  });

  it("requires a plausible e-mail for a reset", () => {
    expect(resetRequestProblem({ email: "" })).toBe("Please enter a valid e-mail address.");
    expect(resetRequestProblem({ email: "writer@example.com" })).toBeNull();
  });
});
