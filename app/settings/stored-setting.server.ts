/**
 * One owner's setting (an `app_settings` row of JSON): read through the isolate cache, checked
 * again when read back (a stored value that no longer passes gives the shipped one), saved with
 * its audit entry in one batch. Every setting of the console is declared here, one way.
 */
import type { SessionUser as Admin } from "~/lib/auth-context";
import { getDb } from "~/lib/db.server";
import { isolateCache } from "~/lib/isolate-cache";
import { auditEntry } from "~db/queries/admin-audit";
import { getAppSetting, putAppSetting } from "~db/queries/app-settings";

export type SettingCheck<T> = (input: unknown) => { ok: true; value: T } | { ok: false; error: string };

export type StoredSetting<T> = {
  key: string;
  /** The cached value, or undefined when this isolate must read it (a generation reads it in its batch). */
  cached(): T | undefined;
  /** The value from its stored JSON (none: the shipped value), remembered for the next reads. */
  from(stored: string | null | undefined): T;
  load(): Promise<T>;
  /** Saves `value` with its audit entry in one batch; returns what was there before. */
  save(admin: Admin, value: T, now?: Date): Promise<T>;
};

export function storedSetting<T>(spec: {
  key: string;
  check: SettingCheck<T>;
  /** The value before the owner sets one (read when needed: it may come from the configuration). */
  shipped: () => T;
  audit: { action: string; target: string };
}): StoredSetting<T> {
  const cache = isolateCache<T>();
  const parse = (stored: string | null | undefined): T => {
    if (stored === undefined || stored === null) return spec.shipped();
    try {
      const checked = spec.check(JSON.parse(stored));
      return checked.ok ? checked.value : spec.shipped();
    } catch {
      return spec.shipped();
    }
  };
  const read = async () => parse(await getAppSetting({ db: getDb(), key: spec.key }));
  return {
    key: spec.key,
    cached: () => cache.get(spec.key),
    from: (stored) => cache.set(spec.key, parse(stored)),
    load: async () => cache.get(spec.key) ?? cache.set(spec.key, await read()),
    async save(admin, value, now = new Date()) {
      const db = getDb();
      const before = await read();
      await db.batch([
        putAppSetting(db, { key: spec.key, value: JSON.stringify(value), updatedByEmail: admin.email, now }),
        auditEntry(db, { admin, ...spec.audit, before, after: value, now }),
      ]);
      cache.forget(spec.key);
      return before;
    },
  };
}
