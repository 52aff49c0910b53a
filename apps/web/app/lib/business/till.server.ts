// The till a browser is (its `store_device` cookie), as the API knows it: GET /api/merchant/till/
// with the token in X-Store-Device. Never the visitor's own Authorization header or cookies.
import type { RouterContextProvider } from 'react-router';
import type { z } from 'zod';
import { webRequestContext } from '../server/request-context.ts';
import { TillAnswer } from './centre-pages.server.ts';

export type Till = z.infer<typeof TillAnswer>;

/** The live till of `token`, or null (no token, revoked, or not a till). */
export async function tillOf(context: Readonly<RouterContextProvider>, token: string | null): Promise<Till | null> {
  if (!token) return null;
  const { api } = context.get(webRequestContext);
  const res = await api('/api/merchant/till/', { method: 'GET', headers: { 'x-store-device': token, authorization: '', cookie: '' } });
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => undefined);
    return null;
  }
  const parsed = TillAnswer.safeParse(await res.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}
