// Sends a public form to the API (SPEC.md 7) and turns the answer into what the form shows
// (SPEC.md 8). Field rules come from the shared schemas of packages/domain, so the web and the API
// can never disagree; the API validates again and its 4xx field messages are shown per field.
import { trackingIdFromCookies } from '@market/domain/tracking';
import type { FormAnswer, FormKind } from '../components/form-parts.tsx';
import type { ApiClient } from './api.server.ts';

/** SPEC.md 8 shared handler: the text of a 5xx. */
export const GENERIC_ERROR = 'There was an issue processing your request. Please try again later.';
/** SPEC.md 8: the mailing removal failure text. */
export const REMOVAL_ERROR = 'Unable to submit request.';

const PATHS: Record<FormKind, string> = {
  suggest: '/api/suggestmerchant/',
  'mailing-removal': '/auth/mail_removal/',
  newsletter: '/auth/newsletter/',
  'magazine-lead': '/auth/magazine_lead/',
  'business-lead': '/api/businesslead/',
  contractor: '/api/contractorapplication/',
};

function text(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

/** SPEC.md 8: a 4xx message joins all field values of the JSON body (arrays joined by spaces). */
export function errorMessage(status: number, body: unknown): string {
  if (status >= 500 || !body || typeof body !== 'object') return GENERIC_ERROR;
  const parts = Object.values(body as Record<string, unknown>).map((v) => (Array.isArray(v) ? v.join(' ') : String(v)));
  return parts.join(' ').trim() || GENERIC_ERROR;
}

/** The 4xx body's messages by field (detail and non_field_errors stay form-level). */
export function fieldMessages(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'detail' || key === 'non_field_errors') continue;
    out[key] = Array.isArray(value) ? value.join(' ') : String(value);
  }
  return out;
}

/** The JSON body of each form (SPEC.md 3 Other payloads). */
function payload(kind: FormKind, form: FormData, cookieHeader: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string' && key !== 'kind') body[key] = value;
  switch (kind) {
    case 'suggest':
      return { name: text(form, 'name'), city: text(form, 'city'), state: text(form, 'state') };
    case 'newsletter':
      return { email: text(form, 'email'), tracking_id: trackingIdFromCookies(cookieHeader) };
    case 'magazine-lead':
      return { ...body, tracking_id: trackingIdFromCookies(cookieHeader) };
    default:
      return body;
  }
}

export async function submitLeadForm(api: ApiClient, kind: FormKind, form: FormData, cookieHeader: string | null): Promise<FormAnswer> {
  const res = await api.postJson(PATHS[kind], payload(kind, form, cookieHeader));
  if (res.status >= 200 && res.status < 300) return { ok: true, message: 'Submitted.' };
  if (kind === 'newsletter') console.warn(`Newsletter sign-up failed with ${res.status}`);
  if (res.status >= 500) return { ok: false, message: kind === 'mailing-removal' ? REMOVAL_ERROR : GENERIC_ERROR };
  const fields = fieldMessages(res.body);
  return { ok: false, message: errorMessage(res.status, res.body), fields };
}
