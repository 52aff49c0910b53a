// @vitest-environment node
// The business centre's photos page against a stubbed API: a description and a file are asked
// for before anything is sent (both named at once), Move up sends the photo's new place, Remove
// deletes it, and the API's field errors come back under their fields.
import { describe, expect, it } from 'vitest';
import { ALT_REQUIRED } from '@market/domain/validation/merchant-photos';
import { consoleContext, outcome, pageRequest } from '../../test/console-stub.ts';
import { action, loader } from './photos.tsx';

const TOKEN = 'business-token-0123456789abcdef';
const session = `business_session=${TOKEN}`;
const MERCHANTS = [{ id: 3, name: 'Loon Bakery', slug: 'loon-bakery', role: 'manager', location_ids: null, locations: [], second_factor_passed: true }];
const PHOTO = { id: 8, url: '/media/uploads/photo-0123456789abcdef0123456789abcdef.webp', alt: 'Our ovens', location_id: null, position: 1, width: 1600, height: 1067, created_at: '2026-11-26T10:00:00.000Z' };
const LISTING = { merchant: { id: 3, name: 'Loon Bakery', logo_url: null, photo_url: null }, locations: [] };
type Args = Parameters<typeof action>[0];
const args = (request: Request, context: unknown) => ({ request, context, params: { merchantId: '3' }, unstable_pattern: '' }) as unknown as Args;

describe('/business/centre/:merchantId/photos', () => {
  it('lists the photos; an upload without a file or description names both fields and sends nothing', async () => {
    const { context, calls } = consoleContext({ 'GET /api/merchant/': { body: MERCHANTS }, 'GET /api/merchant/3/photos/': { body: { photos: [PHOTO], max: 12 } }, 'GET /api/merchant/3/locations/': { body: LISTING } });
    const loaded = await outcome(() => loader(args(pageRequest('/business/centre/3/photos', { cookie: session }), context) as never));
    expect(loaded.body).toMatchObject({ photos: { photos: [{ id: 8, alt: 'Our ovens' }], max: 12 }, locations: [] });
    const before = calls.length;
    const refused = await outcome(() => action(args(pageRequest('/business/centre/3/photos', { cookie: session, form: { intent: 'upload', alt: '  ' } }), context)));
    expect(refused.body).toMatchObject({ form: 'upload', ok: false, fields: { file: [expect.stringMatching(/Choose an image/)], alt: [ALT_REQUIRED] } });
    expect(calls.slice(before).filter((c) => c.path.includes('/photos/'))).toEqual([]);
  });

  it('Move up sends the new place; Remove deletes; the API’s field errors come back under their field', async () => {
    const { context, calls } = consoleContext({
      'GET /api/merchant/': { body: MERCHANTS },
      'PATCH /api/merchant/3/photos/8/': { status: 400, body: { alt: [ALT_REQUIRED] } },
      'DELETE /api/merchant/3/photos/8/': { status: 204 },
    });
    await outcome(() => action(args(pageRequest('/business/centre/3/photos', { cookie: session, form: { intent: 'move', id: '8', position: '0' } }), context)));
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', path: '/api/merchant/3/photos/8/', body: { position: 0 } });
    const edited = await outcome(() => action(args(pageRequest('/business/centre/3/photos', { cookie: session, form: { intent: 'edit', id: '8', alt: '', location_id: '' } }), context)));
    expect(calls.at(-1)).toMatchObject({ method: 'PATCH', body: { alt: '', location_id: null } });
    expect(edited.body).toMatchObject({ form: 'photo-8', ok: false, fields: { alt: [ALT_REQUIRED] } });
    const removed = await outcome(() => action(args(pageRequest('/business/centre/3/photos', { cookie: session, form: { intent: 'remove', id: '8' } }), context)));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/merchant/3/photos/8/' });
    expect(removed.body).toMatchObject({ ok: true, message: 'Photo removed from your page.' });
  });
});
