// Printing and downloading a coupon PDF (SPEC.md 2 Routes /api/pdf, 8 "Print dialog error: open
// the PDF in a new tab"): the PDF is fetched first (so a refusal shows its message and no PDF),
// then printed through a hidden iframe and the browser's print dialog, or opened in a new tab when
// that fails; downloads save the same file. Anonymous prints are counted in local storage under
// offer_prints (SPEC.md 3, 4).
import { ANONYMOUS_PRINTS_KEY } from '@market/domain/prints';
import { ApiError, errorFromAnswer, SERVER_ERROR } from '../api/member-api.ts';

/** The /api/pdf address of one print or download. */
export function pdfUrl(offerId: number, token: string | null, download = false): string {
  const params = new URLSearchParams({ offer_id: String(offerId), is_hpg: '0' });
  if (token) params.set('token', token);
  if (download) params.set('download', '1');
  return `/api/pdf?${params.toString()}`;
}

/** The PDF as a blob: URL, or an ApiError with the server's message (SPEC.md 8). */
export async function fetchPdf(url: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, SERVER_ERROR);
  }
  if (!res.ok) {
    let body: unknown = undefined;
    try {
      body = await res.json();
    } catch {
      // Not JSON: the generic message.
    }
    throw errorFromAnswer(res.status, body);
  }
  const blob = await res.blob();
  const objectUrl = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
  // The print dialog and the download keep their own reference; free ours later.
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  return objectUrl;
}

/** Sends the PDF to the print dialog through a hidden iframe; a new tab when that is not possible. */
export function printPdf(url: string): void {
  const old = document.getElementById('coupon-print-frame');
  old?.remove();
  const frame = document.createElement('iframe');
  frame.id = 'coupon-print-frame';
  frame.className = 'print-frame';
  frame.title = 'Coupon to print';
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  const fallback = () => {
    window.open(url, '_blank', 'noopener');
  };
  frame.addEventListener('load', () => {
    try {
      const win = frame.contentWindow;
      if (!win) return fallback();
      win.focus();
      win.print();
    } catch {
      fallback();
    }
  });
  frame.addEventListener('error', fallback);
  frame.src = url;
  document.body.appendChild(frame);
}

/** Saves the PDF through a download link. */
export function downloadPdf(url: string, offerId: number): void {
  // url is a blob: URL from fetchPdf.
  const a = document.createElement('a');
  a.href = url;
  a.download = `coupon-${offerId}.pdf`;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** The offer ids an anonymous visitor printed, one entry per print. */
export function anonymousPrints(): number[] {
  try {
    const value = JSON.parse(window.localStorage.getItem(ANONYMOUS_PRINTS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

export function anonymousPrintCount(offerId: number): number {
  return anonymousPrints().filter((id) => id === offerId).length;
}

export function recordAnonymousPrint(offerId: number): void {
  try {
    window.localStorage.setItem(ANONYMOUS_PRINTS_KEY, JSON.stringify([...anonymousPrints(), offerId]));
  } catch {
    // No storage: the print still happens, uncounted.
  }
}
