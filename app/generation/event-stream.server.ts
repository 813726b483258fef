/**
 * Writing a turn's NDJSON response (decision 006): one JSON event per line, bare newlines as
 * keep-alive while the model is silent, and noticing a writer who left.
 *
 * A writer who presses Stop or closes the tab only closes the connection; the runtime does not
 * always tell the Worker (locally, `request.signal` never fires), but the next write to a
 * closed connection fails and the runtime cancels the body. The keep-alive newlines make sure
 * that write comes within a fraction of a second, from the very start of the turn.
 */
import type { GenerateEvent } from "./protocol";

/** While nothing else is written, a newline this often (the client ignores empty lines). */
export const KEEP_ALIVE_MS = 400;

export type EventStream = {
  readonly body: ReadableStream<Uint8Array>;
  /** Resolves at the first event written (a keep-alive newline does not count). */
  readonly firstEvent: Promise<void>;
  send(event: GenerateEvent): void;
  /** Writes a bare newline when nothing was written for KEEP_ALIVE_MS. */
  keepAlive(): void;
  close(): void;
  /** The writer's connection is gone: nothing more reaches them. */
  readonly gone: boolean;
};

export function openEventStream({ onGone }: { onGone: () => void }): EventStream {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let gone = false;
  let closed = false;
  let lastWrite = Date.now();
  let markFirstEvent!: () => void;
  const firstEvent = new Promise<void>((resolve) => {
    markFirstEvent = resolve;
  });

  const leave = () => {
    if (gone) return;
    gone = true;
    onGone();
  };
  const write = (text: string) => {
    if (gone || closed) return;
    try {
      controller.enqueue(encoder.encode(text));
      lastWrite = Date.now();
    } catch {
      leave();
    }
  };

  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: leave,
  });

  return {
    body,
    firstEvent,
    send: (event) => {
      write(`${JSON.stringify(event)}\n`);
      markFirstEvent();
    },
    keepAlive: () => {
      if (Date.now() - lastWrite >= KEEP_ALIVE_MS) write("\n");
    },
    close: () => {
      if (gone || closed) return;
      closed = true;
      try {
        controller.close();
      } catch {
        // the runtime closed it already
      }
    },
    get gone() {
      return gone;
    },
  };
}
