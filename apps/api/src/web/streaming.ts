// Reading a rendered page's body as it streams: what arrived at once goes out as one buffer,
// the rest as a Node stream whose chunks join what arrived together (docs/performance.md: React
// writes dozens of small chunks at a time, and sent one by one they cost a socket write each).
import { Readable } from 'node:stream';

export type Reader = ReadableStreamDefaultReader<Uint8Array>;
export type ReadResult = ReadableStreamReadResult<Uint8Array>;

/** The parts as one buffer (without a copy when there is one part). */
export function joined(parts: Uint8Array[]): Buffer {
  if (parts.length === 1) return Buffer.from(parts[0]!.buffer, parts[0]!.byteOffset, parts[0]!.byteLength);
  return Buffer.concat(parts);
}

/**
 * The chunks a body has ready before the event loop moves on (setImmediate): all of them and
 * `done` when it ended by then, else those and the read still pending.
 */
export async function available(reader: Reader): Promise<{ parts: Uint8Array[]; done: true; next?: undefined } | { parts: Uint8Array[]; done: false; next: Promise<ReadResult> }> {
  const parts: Uint8Array[] = [];
  let size = 0;
  let ticked = false;
  const tick = new Promise<null>((resolve) => setImmediate(() => {
    ticked = true;
    resolve(null);
  }));
  let next = reader.read();
  for (;;) {
    const result = ticked ? null : await Promise.race([next, tick]);
    if (result === null) return { parts, done: false, next };
    if (result.done) return { parts, done: true };
    parts.push(result.value);
    size += result.value.byteLength;
    next = reader.read();
    if (size >= 1024 * 1024) return { parts, done: false, next };
  }
}

/**
 * The rest of a body that did not come at once, as a Node stream whose chunks join what arrived
 * together (docs/performance.md): React writes dozens of small chunks at a time, and sent one by
 * one they cost a socket write (and, compressed, a compressor flush) each. Chunks that arrive
 * before the event loop moves on (setImmediate) leave as one, so parts streamed later still go out
 * as they come. Backpressure is kept: nothing more is read while the consumer is full.
 */
export function coalesced(reader: Reader, initial: Uint8Array[], pending: Promise<ReadResult>): Readable {
  let parts: Uint8Array[] = [...initial];
  let size = parts.reduce((n, p) => n + p.byteLength, 0);
  let next: Promise<ReadResult> | undefined = pending;
  let scheduled: NodeJS.Immediate | undefined;
  let reading = false;
  let done = false;
  const out = new Readable({
    read() {
      if (!reading && !done) void pump();
    },
    destroy(error, callback) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
      reader.cancel(error ?? undefined).catch(() => {});
      callback(error);
    },
  });
  const flush = (): boolean => {
    scheduled = undefined;
    if (parts.length === 0) return true;
    const chunk = joined(parts);
    parts = [];
    size = 0;
    return out.push(chunk);
  };
  const pump = async () => {
    reading = true;
    try {
      if (parts.length && !flush()) return;
      for (;;) {
        const current = next ?? reader.read();
        next = undefined;
        const { value, done: ended } = await current;
        if (out.destroyed) return;
        if (ended) {
          if (scheduled) clearImmediate(scheduled);
          flush();
          done = true;
          out.push(null);
          return;
        }
        parts.push(value);
        size += value.byteLength;
        if (size >= 64 * 1024) {
          if (scheduled) clearImmediate(scheduled);
          if (!flush()) return;
        } else if (!scheduled) {
          scheduled = setImmediate(flush);
        }
      }
    } catch (error) {
      out.destroy(error as Error);
    } finally {
      reading = false;
    }
  };
  return out;
}
