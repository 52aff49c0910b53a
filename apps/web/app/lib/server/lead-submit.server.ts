// Validates a public form with its shared schema (packages/domain/src/validation/leads.ts: the
// web and the API parse with the same rules and messages), sends it to the API
// (SPEC.md 7) and turns the answer into what the form shows (SPEC.md 8). The API validates again;
// its 4xx field messages are shown beside their fields.
import type { z } from 'zod';
import {
  businessLeadSchema,
  contractorApplicationSchema,
  magazineLeadSchema,
  mailRemovalSchema,
  MAIL_REMOVAL_FAILED,
  newsletterSchema,
  suggestMerchantSchema,
} from '@market/domain/validation/leads';
import { trackingIdFromCookies } from '@market/domain/tracking';
import type { FormAnswer, FormKind } from '../../components/form-parts.tsx';
import type { ApiClient } from '../api/api.server.ts';
import { errorFromAnswer } from '../api/member-api.ts';

interface FormSpec {
  path: string;
  schema: z.ZodType;
  /** Whether the body carries the visitor's tracking id (SPEC.md 3, 7). */
  tracking: boolean;
}

const FORMS: Record<FormKind, FormSpec> = {
  suggest: { path: '/api/suggestmerchant/', schema: suggestMerchantSchema, tracking: false },
  'mailing-removal': { path: '/auth/mail_removal/', schema: mailRemovalSchema, tracking: false },
  newsletter: { path: '/auth/newsletter/', schema: newsletterSchema, tracking: true },
  'magazine-lead': { path: '/auth/magazine_lead/', schema: magazineLeadSchema, tracking: true },
  'business-lead': { path: '/api/businesslead/', schema: businessLeadSchema, tracking: true },
  contractor: { path: '/api/contractorapplication/', schema: contractorApplicationSchema, tracking: true },
};

/** The form's fields as a JSON object: text fields only, the last value of a repeated name. */
function formObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') out[key] = value;
  return out;
}

/** Parses a form with its shared schema: the clean body, or the SPEC.md 5 messages by field. */
export function validateLeadForm(kind: FormKind, fields: Record<string, unknown>): { ok: true; body: unknown } | { ok: false; answer: FormAnswer } {
  const result = FORMS[kind].schema.safeParse(fields);
  if (result.success) return { ok: true, body: result.data };
  const byField: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'detail';
    byField[key] ??= issue.message;
  }
  const { detail, ...rest } = byField;
  return { ok: false, answer: { ok: false, message: [detail, ...Object.values(rest)].filter(Boolean).join(' '), fields: rest } };
}

export async function submitLeadForm(api: ApiClient, kind: FormKind, form: FormData, cookieHeader: string | null): Promise<FormAnswer> {
  const spec = FORMS[kind];
  const input: Record<string, unknown> = formObject(form);
  if (spec.tracking) input.tracking_id = trackingIdFromCookies(cookieHeader);
  const checked = validateLeadForm(kind, input);
  if (!checked.ok) return checked.answer;
  const res = await api.postJson(spec.path, checked.body);
  if (res.status >= 200 && res.status < 300) return { ok: true, message: 'Submitted.' };
  // SPEC.md 8: a failed newsletter sign-up is logged (the form also says so, docs/decisions.md).
  if (kind === 'newsletter') console.warn(`Newsletter sign-up failed with ${res.status}`);
  // SPEC.md 8 shared handler: 5xx the generic text, 4xx the field messages joined (and by field).
  const error = errorFromAnswer(res.status, res.body);
  const fields = { ...error.fields };
  delete fields.detail;
  delete fields.non_field_errors;
  // SPEC.md 8: the mailing removal form says 'Unable to submit request.' when it fails for a
  // reason that is not one of its fields.
  if (kind === 'mailing-removal' && Object.keys(fields).length === 0) return { ok: false, message: MAIL_REMOVAL_FAILED };
  return { ok: false, message: error.message, fields };
}
