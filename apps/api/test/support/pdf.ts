// A PDF read back in-process with MuPDF compiled to WebAssembly (the npm package mupdf): its text,
// page count and pages rendered to PNG, for the route tests and the browser journeys (e2e imports
// this file) that check what a printed coupon says and shows. Nothing outside npm is needed.
import * as mupdf from 'mupdf';

export interface ReadPdf {
  /** Number of pages. */
  pages: number;
  /** The text of every page, page after page, each line as MuPDF groups the characters. */
  text: string;
}

function open(pdf: Uint8Array): mupdf.Document {
  return mupdf.Document.openDocument(pdf, 'application/pdf');
}

/** A PDF's pages and text. */
export function readPdf(pdf: Uint8Array): ReadPdf {
  const doc = open(pdf);
  try {
    const pages = doc.countPages();
    const text: string[] = [];
    for (let i = 0; i < pages; i++) {
      const page = doc.loadPage(i);
      const stext = page.toStructuredText('preserve-whitespace');
      text.push(stext.asText());
      stext.destroy();
      page.destroy();
    }
    return { pages, text: text.join('\n') };
  } finally {
    doc.destroy();
  }
}

/** A PDF's text (all pages). */
export async function pdfToText(pdf: Uint8Array): Promise<string> {
  return readPdf(pdf).text;
}

/** One page (first by default) rendered to a PNG at `dpi` dots per inch, opaque RGB on white. */
export function renderPdfPage(pdf: Uint8Array, { page = 0, dpi = 150 }: { page?: number; dpi?: number } = {}): Buffer {
  const doc = open(pdf);
  try {
    const p = doc.loadPage(page);
    const scale = dpi / 72;
    const pixmap = p.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
    const png = Buffer.from(pixmap.asPNG());
    pixmap.destroy();
    p.destroy();
    return png;
  } finally {
    doc.destroy();
  }
}
