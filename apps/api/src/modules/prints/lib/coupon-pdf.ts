// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- other projects (scripts, e2e, web) reach this file through imports and need its ambient module types
/// <reference path="./svg-to-pdfkit.d.ts" />
// The printable coupon (SPEC.md 2 Routes, 4 Print count): a Letter page with a cut-out coupon a
// cashier would accept: merchant name and logo, headline, description as text, 'Expires:
// MM/DD/YYYY' (SPEC.md 9), the location's address, the coupon code, a QR code and a Code 128
// barcode that identify this one copy, and the retailer and consumer terms. Standard PDF fonts
// only: nothing is downloaded.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import bwipjs from 'bwip-js';
import SVGtoPDF from 'svg-to-pdfkit';
import { BRANDS } from '@market/domain/brand';
import { formatDisplayDate } from '@market/domain/expiry';
import { stripMarkup } from '@market/domain/spotlight';

export interface CouponPdfInput {
  layout: 'default' | 'home-pros';
  merchantName: string;
  /** SVG text of the merchant's logo, or null. */
  logoSvg: string | null;
  /** PNG bytes of an uploaded logo (drawn instead of logoSvg), or null. */
  logoPng?: Buffer | null;
  headline: string;
  /** The value's badge ('$5 off', 'BOGO', @market/domain/offer-value), printed large above the headline. */
  badge?: string | null;
  /** 'Regular price $24', beside the badge. */
  regularPriceLine?: string | null;
  /** HTML; printed as plain text. */
  descriptionHtml: string;
  expiresAt: string;
  address: { address: string; address2: string; city: string; state: string; zip: string };
  code: string;
  isCertified: boolean;
  retailerTerms: string;
  consumerTerms: string;
  /** The structured fine print as lines (@market/domain/fine-print), printed above the terms. */
  finePrintLines?: readonly string[];
  /** Identifies this copy for support: printed in the small print. */
  serial: string;
  /** This copy's redemption code as shown (groups of five): printed as text and in the barcode. */
  redemptionCode: string;
  /** What the QR code holds: the absolute link to `/r/{code}`. */
  qrText: string;
  /** The member's nth copy of the offer, when known. */
  copyNumber: number | null;
  printedOn: string;
  /**
   * A staff preview (the console's offer page): marked PREVIEW_MARK across the coupon, in its
   * copy line and the document title, and its serial names no copy (none is made).
   */
  preview?: boolean;
}

/** What a preview says, large across the coupon and in its copy line. */
export const PREVIEW_MARK = 'PREVIEW - NOT VALID FOR REDEMPTION';

const PAGE = { width: 612, height: 792, margin: 36 };
const HOME_PROS_ACCENT = '#1f4e79';
/** The value badge's colour, the saver card's (white on it reads at 7:1). */
const BADGE_COLOUR = '#a8200d';

/**
 * The standard fonts speak WinAnsi only: map the usual typographic characters, drop the rest,
 * so no text ever renders as garbage.
 */
export function pdfText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u00a0\u2000-\u200b\u202f]/g, ' ')
    .replace(/[^\t\n\r\u0020-\u007e\u00a1-\u00ff]/g, '');
}

/** hsl() colour to #rrggbb: svg-to-pdfkit reads hex and names, not hsl(). */
function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Our generated SVGs, made drawable by svg-to-pdfkit: hex colours, and the root sized to the box. */
export function svgForPdf(svg: string, size: number): string {
  return svg
    .replace(/hsl\(\s*([\d.]+)\s*,\s*([\d.]+)%\s*,\s*([\d.]+)%\s*\)/g, (_m, h: string, s: string, l: string) => hslToHex(Number(h), Number(s), Number(l)))
    .replace(/^(<svg\b[^>]*?)\swidth="[^"]*"\s+height="[^"]*"/, `$1 width="${size}" height="${size}"`);
}

/**
 * Draws a QR code as vector squares (crisp at any print resolution, and ~100x faster than
 * rendering a PNG first), with a one-module quiet zone on a white square.
 */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const cell = size / (count + 2);
  doc.save().rect(x, y, size, size).fill('#fff');
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + 1) * cell, y + (row + 1) * cell, cell, cell);
    }
  }
  doc.fill('#000').restore();
}

async function barcodePng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 14, includetext: false, paddingwidth: 6, paddingheight: 2 });
}

/**
 * The preview mark: a red band atop the page and the words large and diagonal across the coupon, drawn
 * over everything so no cut of the page leaves a clean coupon.
 */
function drawPreviewMark(doc: PDFKit.PDFDocument, box: { left: number; top: number; width: number; height: number }): void {
  // The band sits above the site header, in the page's top margin.
  doc.save().rect(box.left, 6, box.width, 18).fill('#b00020').restore();
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#fff').text(PREVIEW_MARK, box.left, 10, { width: box.width, align: 'center', lineBreak: false });
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  const angle = (-Math.atan2(box.height, box.width) * 180) / Math.PI;
  doc.save().rotate(angle, { origin: [cx, cy] }).fillOpacity(0.22).fillColor('#b00020').font('Helvetica-Bold');
  for (const [line, dy] of [['PREVIEW', -44], ['NOT VALID FOR REDEMPTION', 18]] as const) {
    const size = line === 'PREVIEW' ? 72 : 30;
    doc.fontSize(size).text(line, cx - 400, cy + dy, { width: 800, align: 'center', lineBreak: false });
  }
  doc.restore();
  // Back to the page's defaults for whatever is drawn next.
  doc.fillOpacity(1).fillColor('#000');
}

/** Renders the coupon PDF; resolves with its bytes. */
export async function renderCouponPdf(input: CouponPdfInput): Promise<Buffer> {
  const barcode = await barcodePng(input.redemptionCode);
  const homePros = input.layout === 'home-pros';
  const brand = BRANDS.default;
  const accent = homePros ? HOME_PROS_ACCENT : brand.accent;
  const tagline = homePros ? BRANDS.twincities.tagline : brand.tagline;

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: { Title: pdfText(`${input.preview ? 'PREVIEW ' : ''}${input.merchantName}: ${input.headline}`), Author: brand.siteName, Subject: `Coupon ${input.serial}`, Creator: brand.siteName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  const boxTop = 60;
  /** Terms stop here so the coupon stays on one page. */
  const termsLimit = 640;

  // Site header above the coupon.
  doc.font('Helvetica-Bold').fontSize(14).fillColor(accent).text(homePros ? `${brand.siteName} Home Pros` : brand.siteName, left, 28, { continued: true });
  doc.font('Helvetica').fontSize(10).fillColor('#555').text(`   ${tagline}`);

  // Accent band with the merchant name.
  doc.rect(left + 1, boxTop + 1, width - 2, 34).fill(accent);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#fff')
    .text(pdfText(input.merchantName), left + 14, boxTop + 10, { width: width - 28, height: 20, ellipsis: true, lineBreak: false });

  const inner = left + 16;
  let y = boxTop + 50;

  // Logo on the left, QR code on the right, the offer between them.
  const logoSize = 96;
  if (input.logoPng) {
    try {
      doc.image(input.logoPng, inner, y, { fit: [logoSize, logoSize], align: 'center', valign: 'center' });
    } catch {
      // As below: an unreadable logo leaves its space empty.
    }
  } else if (input.logoSvg) {
    try {
      SVGtoPDF(doc, svgForPdf(input.logoSvg, logoSize), inner, y, { width: logoSize, height: logoSize, assumePt: true });
    } catch {
      // A logo that cannot be drawn leaves its space empty; the coupon is still valid.
    }
  }
  const qrSize = 120;
  const qrX = left + width - 16 - qrSize;
  drawQr(doc, input.qrText, qrX, y, qrSize);
  doc.font('Helvetica').fontSize(7).fillColor('#555').text('Scan to check or redeem this copy', qrX, y + qrSize + 2, { width: qrSize, align: 'center' });

  const textX = inner + logoSize + 14;
  const textWidth = qrX - 14 - textX;
  let headlineY = y;
  if (input.badge) {
    // A solid tag a cashier sees at a glance, as on the saver card.
    const badge = pdfText(input.badge);
    doc.font('Helvetica-Bold').fontSize(18);
    const badgeWidth = Math.min(textWidth, doc.widthOfString(badge) + 20);
    doc.roundedRect(textX, y, badgeWidth, 28, 5).fill(BADGE_COLOUR);
    doc.fillColor('#fff').text(badge, textX + 10, y + 6, { width: badgeWidth - 20, height: 20, ellipsis: true, lineBreak: false });
    if (input.regularPriceLine) {
      const room = textWidth - badgeWidth - 10;
      doc.font('Helvetica').fontSize(10).fillColor('#444');
      if (doc.widthOfString(input.regularPriceLine) <= room) doc.text(pdfText(input.regularPriceLine), textX + badgeWidth + 10, y + 10, { lineBreak: false });
    }
    headlineY = y + 36;
  }
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111').text(pdfText(input.headline), textX, headlineY, { width: textWidth, height: input.badge ? 50 : 78, ellipsis: true });
  let ty = Math.max(doc.y + 4, y + 30);
  if (homePros && input.isCertified) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(accent).text('Certified Home Pro: licensed, bonded and insured', textX, ty, { width: textWidth });
    ty = doc.y + 2;
  }
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#b00020').text(`Expires: ${formatDisplayDate(input.expiresAt)}`, textX, ty, { width: textWidth });
  ty = doc.y + 4;
  const street = [input.address.address, input.address.address2].map((s) => s.trim()).filter(Boolean).join(', ');
  doc.font('Helvetica').fontSize(10).fillColor('#222').text(pdfText(street), textX, ty, { width: textWidth });
  doc.text(pdfText(`${input.address.city}, ${input.address.state} ${input.address.zip}`), textX, doc.y, { width: textWidth });

  y = Math.max(y + qrSize + 20, doc.y + 12);

  // Description as text.
  const description = stripMarkup(input.descriptionHtml);
  if (description) {
    doc.font('Helvetica').fontSize(11).fillColor('#222').text(pdfText(description), inner, y, { width: width - 32, height: 90, ellipsis: true });
    y = doc.y + 10;
  }

  // Code and barcode.
  doc.font('Helvetica').fontSize(10).fillColor('#555').text('Coupon code', inner, y);
  doc.font('Courier-Bold').fontSize(22).fillColor('#111').text(pdfText(input.code), inner, doc.y + 1);
  const barcodeWidth = 230;
  const barcodeX = left + width - 16 - barcodeWidth;
  doc.image(barcode, barcodeX, y, { width: barcodeWidth, height: 48 });
  // The copy's own code, typed at the till when the barcode will not scan.
  doc.font('Helvetica').fontSize(7).fillColor('#555').text('Redemption code (this copy only)', barcodeX, y + 51, { width: barcodeWidth, align: 'center' });
  doc.font('Courier-Bold').fontSize(14).fillColor('#111').text(input.redemptionCode, barcodeX, doc.y + 1, { width: barcodeWidth, align: 'center' });
  y = Math.max(doc.y, y + 78) + 10;

  // Terms: the fine print first, one condition a line.
  const terms: Array<[string, string]> = [
    // Plain text already, a condition a line (never read as markup).
    ['Fine print', pdfText((input.finePrintLines ?? []).join('\n'))],
    ['Retailer terms', pdfText(stripMarkup(input.retailerTerms))],
    ['Consumer terms', pdfText(stripMarkup(input.consumerTerms))],
  ];
  const written = terms.filter(([, text]) => text);
  written.forEach(([title, text], i) => {
    // Each block gets an even share of what is left, so all of them fit on the page.
    const room = (termsLimit - y) / (written.length - i) - 12;
    if (room < 10) return;
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#333').text(title, inner, y, { width: width - 32 });
    doc.font('Helvetica').text(text, inner, doc.y, { width: width - 32, height: room, ellipsis: true });
    y = doc.y + 4;
  });
  const boxBottom = Math.max(y + 30, boxTop + 300);

  // Copy line at the bottom of the coupon.
  const copyLine = [input.preview ? PREVIEW_MARK : null, `Copy ${input.serial}`, input.copyNumber ? `print ${input.copyNumber}` : null, `printed ${formatDisplayDate(input.printedOn)}`, 'One coupon per customer per visit. Not valid with other offers.']
    .filter(Boolean)
    .join('  |  ');
  doc.font('Helvetica').fontSize(7).fillColor('#666').text(copyLine, inner, boxBottom - 16, { width: width - 32, lineBreak: false, ellipsis: true });

  // The coupon: a dashed cut line around it.
  doc.save().lineWidth(1.5).dash(6, { space: 4 }).strokeColor('#333').rect(left, boxTop, width, boxBottom - boxTop).stroke().restore();
  doc.font('Helvetica').fontSize(8).fillColor('#777').text('Cut along the dotted line', left, boxBottom + 4, { width, align: 'right' });

  if (input.preview) drawPreviewMark(doc, { left, top: boxTop, width, height: boxBottom - boxTop });

  // Below the cut line: how to use it.
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444')
    .text(
      homePros
        ? 'Mention this coupon when you request your estimate and present it to your professional. Each copy carries its own number and can be used once.'
        : 'Present this coupon to the cashier at the address above. Each copy carries its own number and can be used once.',
      left,
      boxBottom + 24,
      { width },
    );

  doc.end();
  return done;
}
