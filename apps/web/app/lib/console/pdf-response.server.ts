// A PDF the API rendered for a signed-in page (the coupon previews of the console and the merchant
// centre), handed on as it arrives with the API's framing rules. The browser holds no bearer token
// (the session is an HttpOnly cookie), so a resource route asks the API and passes the answer on.
const PASSED_ON = ['content-type', 'content-disposition', 'content-security-policy', 'x-frame-options', 'x-content-type-options'] as const;

export function passOnPdf(answer: Response): Response {
  const headers = new Headers({ 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' });
  for (const name of PASSED_ON) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers });
}
