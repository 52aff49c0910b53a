// A PDF's text as pdftotext reads it (poppler-utils; .ci/run installs it), for route tests that
// check what a printed coupon says.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export async function pdfToText(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    writeFileSync(join(dir, 'p.pdf'), pdf);
    return (await promisify(execFile)('pdftotext', ['-layout', join(dir, 'p.pdf'), '-'])).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
