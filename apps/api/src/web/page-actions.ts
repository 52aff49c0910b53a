// The bodies page actions take: a form of a few text fields, read whole up to a cap and checked
// once here for every action, so a body no action could read is a 4xx with a message rather than
// an exception inside the action (a 5xx).
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../modules/media/lib/uploaded-images.ts';

/** Largest body a page action takes (a form of a few text fields), but for the uploads below. */
export const PAGE_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The page actions that take a file (each image upload form of the console and the merchant
 * centre) take the API's 5 MB file and the multipart framing around it (and the text fields sent
 * beside it); the API answers 413 on `file` past 5 MB, the page host past this.
 */
export const UPLOAD_ACTION_BODY_LIMIT_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * Every page route whose action takes a file, as the page host matches it (Fastify paths), with the
 * apps/web route module (apps/web/app/routes.ts) that answers it. The one list the body limit
 * reads: a form with a file input posting anywhere else gets the 64 KB cap, a full-page 413.
 * apps/api/test/web-uploads.test.ts scans the web app for file inputs and fails on a form whose
 * action is missing here.
 */
export const UPLOAD_ACTIONS = [
  // The console's image panels (components/console/image-upload.tsx), one action module.
  { page: '/console/merchants/:id/logo', module: 'routes/console/record-image.tsx' },
  { page: '/console/merchants/:id/photo', module: 'routes/console/record-image.tsx' },
  { page: '/console/contests/:id/banner', module: 'routes/console/record-image.tsx' },
  { page: '/console/contests/:id/picture', module: 'routes/console/record-image.tsx' },
  { page: '/console/offers/:id/picture', module: 'routes/console/record-image.tsx' },
  // The merchant centre: the logo and photo forms (beside the locations' text forms), the gallery.
  { page: '/business/centre/:merchantId/locations', module: 'routes/business-centre/locations.tsx' },
  { page: '/business/centre/:merchantId/photos', module: 'routes/business-centre/photos.tsx' },
] as const;

/** The upload actions' paths, each with its data twin (a fetcher's or a client navigation's post). */
export const UPLOAD_ACTION_PATHS = UPLOAD_ACTIONS.flatMap(({ page }) => [page, `${page}.data`]);
/** The encodings an HTML form (and a React Router fetcher) posts in. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a request of this method carries a body for a page action. */
export function hasActionBody(method: string): boolean {
  return BODY_METHODS.has(method);
}

/** The problem with a page action's body, or null when it is a form React Router can read. */
export async function formBodyProblem(request: FastifyRequest): Promise<{ status: number; detail: string } | null> {
  const type = request.headers['content-type'] ?? '';
  const mediaType = type.split(';', 1)[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(mediaType)) return { status: 415, detail: 'Send the form as application/x-www-form-urlencoded or multipart/form-data.' };
  const body = request.body instanceof Buffer ? request.body : Buffer.alloc(0);
  try {
    await new Response(body, { headers: { 'content-type': type } }).formData();
    return null;
  } catch {
    return { status: 400, detail: 'The form could not be read.' };
  }
}

export const CROSS_SITE_ACTION_DETAIL = 'This form can only be sent from this site.';

/**
 * Whether a page action comes from another site (CSRF). React Router refuses a foreign Origin for
 * the actions of page routes, but not for resource routes (an action without a component, such
 * as /console/logout and /business/centre/logout); this one check covers every page action the
 * same way: an Origin other than ours (this request's or PUBLIC_URL's, "null" included) or a
 * browser's `Sec-Fetch-Site` other than same-origin/none is refused. A request naming neither is
 * let through, as React Router does (old browsers, non-browser clients).
 */
export function isCrossSiteAction(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (typeof origin !== 'string') return true;
  let sent: string;
  try {
    sent = new URL(origin).origin;
  } catch {
    return true;
  }
  if (sent === 'null') return true;
  const here = `${request.protocol}://${request.host || 'localhost'}`;
  let ours: string;
  try {
    ours = new URL(here).origin;
  } catch {
    return true;
  }
  return sent !== ours && sent !== publicOrigin;
}
