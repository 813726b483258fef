/**
 * A loader's slow part, settled in time or left to stream. A page that streams a list behind a
 * loading state paints the loading state first and then moves everything under it when the list
 * arrives (a layout shift, issue 15: CLS 0). So the loader waits a moment: a list read within
 * `waitMs` goes out in the first HTML; a slower one still streams behind its loading state.
 */
export async function settledOrStreamed<T>(promise: Promise<T>, waitMs: number): Promise<{ value: T | Promise<T> }> {
  const LATE = Symbol("late");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), waitMs);
  });
  // Wrapped: an async function returning the promise itself would wait for it.
  const first = await Promise.race([promise.then((value) => ({ value })), late]);
  clearTimeout(timer);
  return first === LATE ? { value: promise } : first;
}

/** How long a history page's loader waits for its first page before streaming it. */
export const FIRST_PAGE_WAIT_MS = 100;
