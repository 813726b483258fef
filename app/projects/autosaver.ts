/**
 * The saving behind the bible's autosaved forms, without React (use-autosave.ts wraps it): a
 * change is saved once the writer pauses; a save under way is followed by another when the text
 * changed meanwhile, so the latest text is what ends up saved; a failed save keeps the text,
 * reports why, and is tried again by itself — after 2 s, 4 s, … up to 30 s, sooner when the writer
 * types on, at once with `flush` (Retry).
 */
export type SaveState = "idle" | "saved" | "saving" | "failed";

export const AUTOSAVE_DELAY_MS = 700;
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

export class Autosaver<T> {
  private latest: { value: T; key: string };
  private savedKey: string;
  private inFlight = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    initial: T,
    private save: (value: T) => Promise<void>,
    private report: (state: SaveState, error: string | null) => void,
    private delayMs = AUTOSAVE_DELAY_MS,
  ) {
    const key = JSON.stringify(initial);
    this.latest = { value: initial, key };
    this.savedKey = key;
  }

  /** Whether something typed is not saved yet. */
  get dirty(): boolean {
    return this.latest.key !== this.savedKey;
  }

  setSave(save: (value: T) => Promise<void>) {
    this.save = save;
  }

  /** The writer typed: saved once they pause (a failed state stays said until a save succeeds). */
  change(value: T, failed: boolean) {
    const key = JSON.stringify(value);
    if (key === this.latest.key) return;
    this.latest = { value, key };
    if (!this.dirty) return;
    if (!failed) this.report("saving", null);
    this.schedule(this.delayMs);
  }

  /** Saves until what is saved is what was typed last; false when a save failed (a retry is due). */
  readonly flush = async (): Promise<boolean> => {
    this.clear();
    if (this.inFlight) return false;
    while (this.dirty) {
      const attempt = this.latest;
      this.inFlight = true;
      this.report("saving", null);
      try {
        await this.save(attempt.value);
        this.savedKey = attempt.key;
        this.failures = 0;
      } catch (caught) {
        this.failures += 1;
        this.report("failed", caught instanceof Error ? caught.message : String(caught));
        this.schedule(Math.min(RETRY_FIRST_MS * 2 ** (this.failures - 1), RETRY_MAX_MS));
        return false;
      } finally {
        this.inFlight = false;
      }
    }
    this.report("saved", null);
    return true;
  };

  /** The page is going away: no more timers. */
  dispose() {
    this.clear();
  }

  private schedule(ms: number) {
    this.clear();
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  private clear() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
