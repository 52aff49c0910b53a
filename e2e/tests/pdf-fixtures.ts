// A downloaded coupon's text as a person reads it (pdftotext, poppler-utils; .ci/run installs it).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page } from '@playwright/test';

export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'coupon-e2e-'));
  try {
    const file = join(dir, 'coupon.pdf');
    writeFileSync(file, pdf);
    return (await promisify(execFile)('pdftotext', ['-layout', file, '-'])).stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A copy's redemption code as the PDF prints it (three groups of five). */
export const COUPON_CODE = /\b([0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5})\b/;

/**
 * Downloads the coupon from an open offer window ("Print / Download", then "Download") and answers
 * the copy's code printed on it. The window is server-rendered: a click before hydration opens no
 * menu, so the click is tried until it does.
 */
export async function downloadCouponCode(page: Page, dialog: Locator): Promise<string | undefined> {
  await expect(async () => {
    await dialog.getByRole('button', { name: 'Print / Download' }).click();
    await expect(page.getByRole('menuitem', { name: 'Download' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download' }).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
  return COUPON_CODE.exec((await pdfText(Buffer.concat(chunks))).replace(/\s+/g, ' '))?.[1];
}
