// Public form posts of the footer and the empty search state (SPEC.md 2, 5, 7, 8): suggest a
// merchant or contractor (POST /api/suggestmerchant/), mailing list removal (POST
// /auth/mail_removal/), newsletter (POST /auth/newsletter/ with the tracking id). Answers
// {ok, message} (with 200: the form shows the message) : a 5xx shows the generic text, a 4xx
// the server's field messages (SPEC.md 8).
import { data } from 'react-router';
import { trackingIdFromCookies } from '@market/domain/tracking';
import type { Route } from './+types/forms';
import { apiFrom } from '../lib/api.server.ts';

const GENERIC = 'There was an issue processing your request. Please try again later.';
const STATES = new Set(['MI', 'IL', 'MN', 'FL']);

function field(form: FormData, name: string, max = 200): string {
  const v = form.get(name);
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

/** SPEC.md 8: a 4xx message joins all field values of the JSON body (arrays joined by spaces). */
export function errorMessage(status: number, body: unknown): string {
  if (status >= 500 || !body || typeof body !== 'object') return GENERIC;
  const parts = Object.values(body as Record<string, unknown>).map((v) => (Array.isArray(v) ? v.join(' ') : String(v)));
  return parts.join(' ').trim() || GENERIC;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const api = apiFrom(context);
  let path: string;
  let body: Record<string, unknown>;
  switch (params.kind) {
    case 'suggest': {
      body = { name: field(form, 'name'), city: field(form, 'city', 100), state: field(form, 'state', 2).toUpperCase() };
      const missing = (['name', 'city', 'state'] as const).filter((k) => !body[k]);
      if (missing.length) return { ok: false, message: 'This is required' };
      if (!STATES.has(String(body.state))) return { ok: false, message: 'Choose Michigan, Illinois, Minnesota or Florida.' };
      path = '/api/suggestmerchant/';
      break;
    }
    case 'mailing-removal': {
      body = {
        streetAddress: field(form, 'streetAddress'),
        aptOrUnitNumber: field(form, 'aptOrUnitNumber', 50),
        city: field(form, 'city', 100),
        state: field(form, 'state', 2).toUpperCase(),
        zipCode: field(form, 'zipCode', 5),
      };
      if (Object.values(body).some((v) => !v)) return { ok: false, message: 'This is required' };
      if (!/^\d{5}$/.test(String(body.zipCode))) return { ok: false, message: 'Zip code must be exactly 5 digits.' };
      path = '/auth/mail_removal/';
      break;
    }
    case 'newsletter': {
      body = { email: field(form, 'email', 254), tracking_id: trackingIdFromCookies(request.headers.get('cookie')) };
      if (!body.email) return { ok: false, message: 'This is required' };
      path = '/auth/newsletter/';
      break;
    }
    default:
      throw data('Not Found', { status: 404 });
  }
  const res = await api.postJson(path, body);
  if (res.status >= 200 && res.status < 300) return { ok: true, message: 'Submitted.' };
  if (params.kind === 'newsletter') console.warn(`Newsletter sign-up failed with ${res.status}`);
  return { ok: false, message: errorMessage(res.status, res.body) };
}
