/**
 * What every turn reads and the owner rarely changes (a tool's system prompt, the model
 * settings, the trial guard): each isolate keeps it for 30 seconds, so a turn adds no database
 * read for it (issue 15: at most one round trip before the model request). A change reaches
 * every isolate within that time, and the isolate that makes it at once (`forget`).
 */
export const ISOLATE_CACHE_MS = 30_000;

export type IsolateCache<T> = {
  /** The remembered value, or undefined when this isolate must read it. */
  get(key: string): T | undefined;
  /** Remembers `value` for the next 30 seconds and returns it. */
  set(key: string, value: T): T;
  forget(key: string): void;
};

export function isolateCache<T>(): IsolateCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  return {
    get(key) {
      const hit = entries.get(key);
      return hit && hit.until > Date.now() ? hit.value : undefined;
    },
    set(key, value) {
      entries.set(key, { value, until: Date.now() + ISOLATE_CACHE_MS });
      return value;
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
