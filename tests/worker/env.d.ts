import type { D1Migration } from "@cloudflare/vitest-plugin";
import type * as worker from "../../app/worker";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof worker;
    }
  }
}
