// The local mailbox in the console (admins; embedded mode only). A mail's HTML is shown in a
// frame that may run nothing: `sandbox=""` (no scripts, forms, pop-ups or same origin) and its own
// Content-Security-Policy (no scripts, no remote images or fonts: opening a mail tells nobody).

/** In SMTP mode the API keeps no mailbox (its mailbox calls answer 404). */
export const SMTP_MODE_MESSAGE = 'Mail is sent through SMTP; there is no local mailbox.';

export const MAIL_FRAME_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** The frame's document: the mail's HTML behind a policy that the parser applies before any of it. */
export function mailFrameDocument(html: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${MAIL_FRAME_CSP}"><meta name="referrer" content="no-referrer">${html}`;
}

/** Whether a loader's thrown answer is the API's 404 (the console client throws `data(..., {status})`). */
export function isNotFound(thrown: unknown): boolean {
  const init = thrown && typeof thrown === 'object' ? (thrown as { init?: { status?: number } | null }).init : null;
  return init?.status === 404;
}
