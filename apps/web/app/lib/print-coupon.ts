// Printing and downloading a coupon PDF (SPEC.md 2 Routes /api/pdf, 8 "Print dialog error: open
// the PDF in a new tab"): print goes through a hidden same-origin iframe and the browser's print
// dialog; if that fails the PDF opens in a new tab. Anonymous prints are counted in local storage
// under offer_prints (SPEC.md 3, 4).

const ANONYMOUS_PRINTS_KEY = 'offer_prints';

/** The /api/pdf address of one print or download. */
export function pdfUrl(offerId: number, token: string | null, download = false): string {
  const params = new URLSearchParams({ offer_id: String(offerId), is_hpg: '0' });
  if (token) params.set('token', token);
  if (download) params.set('download', '1');
  return `/api/pdf?${params.toString()}`;
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
