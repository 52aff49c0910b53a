// Analytics in and out (SPEC.md 7: POST /api/analytics/event/ takes event and data).
import { z } from 'zod';
import { SHARE_METHODS } from '@market/domain/analytics';
import { SCOPES } from '@market/domain/api/analytics';
import { REQUIRED, bodyId } from '@market/domain/validation/fields';
import { idParam, optionalQuery } from '../../lib/query.ts';

export { SCOPES, type Scope } from '@market/domain/api/analytics';

const EVENT_MESSAGE = 'Use offer.impression, offer.print, location.view, merchant-website.view or entity.share.';
const optionalId = z.preprocess((v) => (v === null || v === '' ? undefined : v), bodyId.optional());

const OfferData = z.object({ offer: bodyId, location: optionalId }, { error: 'Send data as a JSON object.' });
const LocationData = z.object({ location: bodyId }, { error: 'Send data as a JSON object.' });
const WebsiteData = z.object(
  { location: bodyId, website_type: z.preprocess((v) => v ?? 'website', z.string({ error: 'Enter text.' }).trim().min(1, REQUIRED).max(40, 'Use at most 40 characters.')) },
  { error: 'Send data as a JSON object.' },
);
const ShareData = z
  .object(
    {
      location: optionalId,
      offer: optionalId,
      method: z.enum(SHARE_METHODS as ['link', 'email', 'facebook', 'twitter'], { error: (iss) => (iss.input === undefined ? REQUIRED : 'Use link, email, facebook or twitter.') }),
    },
    { error: 'Send data as a JSON object.' },
  )
  .refine((d) => d.location !== undefined || d.offer !== undefined, { message: 'Send the shared location or offer.', path: ['location'] });

/** The body of POST /api/analytics/event/; a beacon may send it as text/plain. */
export const EventIn = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.discriminatedUnion(
    'event',
    [
      z.object({ event: z.literal('offer.impression'), data: OfferData }),
      z.object({ event: z.literal('offer.print'), data: OfferData }),
      z.object({ event: z.literal('location.view'), data: LocationData }),
      z.object({ event: z.literal('merchant-website.view'), data: WebsiteData }),
      z.object({ event: z.literal('entity.share'), data: ShareData }),
    ],
    { error: (iss) => (iss.code === 'invalid_union' ? EVENT_MESSAGE : 'Send a JSON object with event and data.') },
  ),
);
export type EventIn = z.infer<typeof EventIn>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Use YYYY-MM-DD.');

export const DailyQuery = z
  .object({
    scope: z.enum(SCOPES, { error: 'Use offer, location or merchant.' }),
    id: idParam,
    from: optionalQuery(isoDate),
    to: optionalQuery(isoDate),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to.', path: ['from'] });

// The answers are the shared schemas of @market/domain/api/analytics.
export { DailyOut, DailyRow } from '@market/domain/api/analytics';
