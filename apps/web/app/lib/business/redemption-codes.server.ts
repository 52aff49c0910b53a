// The /r pages' calls to the redemption-code API (docs/api.md "Redemption codes"), made with the
// merchant side's credentials (session.server.ts). Answers are parsed with the API's own schemas;
// a 4xx is handed back for the page to show, anything else is thrown as a 503 page.
import { data, type RouterContextProvider } from 'react-router';
import { CodeAlreadyRedeemedOut, CodeCheckOut, CodeRefusedOut } from '@market/domain/api/redemption-codes';
import type { CodeRefusal } from './code-verdict.ts';
import { webRequestContext } from '../server/request-context.ts';
import { businessApiHeaders } from './session.server.ts';

export type CodeAnswer =
  | { ok: true; check: CodeCheckOut }
  | {
      ok: false;
      status: number;
      message: string;
      fields: Record<string, string[]>;
      redeemedAt: string | null;
      location: { name: string; address: string } | null;
      /** A redeem the verdict refused: its reason and message (docs/api.md "Redemption codes"). */
      refusal: CodeRefusal | null;
    };

const UNAVAILABLE = 'There was an issue processing your request. Please try again later.';

function failure(status: number, body: unknown): CodeAnswer {
  const record = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const fields: Record<string, string[]> = {};
  let message = '';
  for (const [key, value] of Object.entries(record)) {
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (!list.length) continue;
    if (key === 'detail' || key === 'non_field_errors') message = list.join(' ');
    else if (!['redeemed_at', 'reason', 'message', 'next_valid_at'].includes(key)) fields[key] = list;
  }
  const conflict = status === 409 ? CodeAlreadyRedeemedOut.safeParse(body) : null;
  const refused = conflict?.success ? null : CodeRefusedOut.safeParse(body);
  let refusal: CodeRefusal | null = null;
  if (conflict?.success) refusal = { reason: 'redeemed', message: conflict.data.detail };
  else if (refused?.success) {
    const r = refused.data;
    refusal = { reason: r.reason, message: r.detail ?? r.message, ...(r.valid_locations ? { valid_locations: r.valid_locations } : {}) };
  }
  return {
    ok: false,
    status,
    message: message || Object.values(fields).flat().join(' ') || 'This code cannot be used.',
    fields,
    redeemedAt: conflict?.success ? conflict.data.redeemed_at : null,
    location: conflict?.success && conflict.data.location ? { name: conflict.data.location.name, address: conflict.data.location.address } : null,
    refusal,
  };
}

async function call(context: Readonly<RouterContextProvider>, request: Request, method: 'GET' | 'POST', path: string, body?: unknown): Promise<CodeAnswer> {
  const api = context.get(webRequestContext).api;
  let res: Response;
  try {
    res = await api(path, { method, headers: businessApiHeaders(request), ...(body === undefined ? {} : { body }) });
  } catch (error) {
    console.warn(`API ${path} failed: ${(error as Error).message}`);
    throw data({ message: UNAVAILABLE }, { status: 503 });
  }
  const text = await res.text().catch(() => '');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (res.status >= 400 && res.status < 500) return failure(res.status, parsed);
  if (res.status !== 200) {
    console.warn(`API ${path} answered ${res.status}`);
    throw data({ message: UNAVAILABLE }, { status: 503 });
  }
  const check = CodeCheckOut.safeParse(parsed);
  if (!check.success) {
    console.warn(`API ${path} answered an undocumented shape`);
    throw data({ message: UNAVAILABLE }, { status: 503 });
  }
  return { ok: true, check: check.data };
}

/** GET /api/redemption-codes/{code}/ for the page (a manager's chosen location for the verdict). */
export function checkCode(context: Readonly<RouterContextProvider>, request: Request, code: string, locationId?: number): Promise<CodeAnswer> {
  const query = locationId === undefined ? '' : `?location_id=${locationId}`;
  return call(context, request, 'GET', `/api/redemption-codes/${encodeURIComponent(code)}/${query}`);
}

/** POST /api/redemption-codes/{code}/redeem/ for the page's Redeem button. */
export function redeemCode(context: Readonly<RouterContextProvider>, request: Request, code: string, locationId: number | undefined): Promise<CodeAnswer> {
  return call(context, request, 'POST', `/api/redemption-codes/${encodeURIComponent(code)}/redeem/`, locationId === undefined ? {} : { location_id: locationId });
}
