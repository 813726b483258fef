import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { vi } from "vitest";

// Setup files run before each test file; applying migrations is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Sign-up, sign-in and password changes hash with scrypt at OWASP cost (100-300 ms each, more
// when test files run in parallel on a small machine); several per test exceed the 5 s default.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
