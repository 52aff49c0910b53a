// Compression of page answers (docs/performance.md: a 43 kB page is about 9 kB): brotli or gzip,
// whichever the browser accepts, in one go for a page that is there at once, or as a stream flushed
// chunk by chunk so streamed parts still reach the browser as they are rendered.
import type { Transform } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress as brotliCompressCallback, constants as zlibConstants, createBrotliCompress, createGzip, gzip as gzipCallback } from 'node:zlib';

const brotliCompress = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);

export type PageEncoding = 'br' | 'gzip';

/** The compression a page answer uses: brotli or gzip when the browser accepts it. */
export function htmlEncoding(accept: string | string[] | undefined): PageEncoding | undefined {
  const value = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  const accepted = (name: string) => new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[0-9.]+)?\\s*(,|$)`, 'i').test(value);
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return undefined;
}

/** A whole body, compressed in one go. */
export function compressWhole(body: Buffer, encoding: PageEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotliCompress(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzip(body, { level: 6 });
}

/** A compressor that flushes after every chunk it is given. */
export function flushingCompressor(encoding: PageEncoding): Transform {
  return encoding === 'br'
    ? createBrotliCompress({ flush: zlibConstants.BROTLI_OPERATION_FLUSH, params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
    : createGzip({ level: 6, flush: zlibConstants.Z_SYNC_FLUSH });
}
