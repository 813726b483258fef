import type { D1Migration } from "@cloudflare/vitest-plugin";
import type * as worker from "../../app/worker";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      // Bindings vitest.config.ts sets for the worker tests.
      OWNER_EMAIL: string;
      EMAIL_API_KEY: string;
      EMAIL_FROM: string;
      EMAIL_API_BASE: string;
      APP_URL: string;
      OPENAI_API_KEY: string;
      OPENAI_BASE_URL: string;
      AI_MODEL: string;
      AI_TIMEOUT_MS: string;
      STRIPE_SECRET_KEY: string;
      STRIPE_WEBHOOK_SECRET: string;
      STRIPE_PRICE_ID: string;
      STRIPE_API_BASE: string;
    }
    interface GlobalProps {
      mainModule: typeof worker;
    }
  }
}
