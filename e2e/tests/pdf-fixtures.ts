// A downloaded coupon's text as a person reads it, read in-process by the API tests' PDF reader
// (MuPDF in WebAssembly: apps/api/test/support/pdf.ts).
import { expect, type Locator, type Page } from '@playwright/test';
import { pdfToText } from '../../apps/api/test/support/pdf.ts';

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
  return COUPON_CODE.exec((await pdfToText(Buffer.concat(chunks))).replace(/\s+/g, ' '))?.[1];
}
