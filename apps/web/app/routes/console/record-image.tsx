// The upload actions of the console's image forms (components/console/image-upload.tsx), one
// module for every record with images: /console/merchants/:id/logo and /photo, /console/
// contests/:id/banner and /picture, /console/offers/:id/picture, each sent on as multipart (one
// field `file`) to the API's upload of the same record. The page host lets these take a body of
// the API's 5 MB (apps/api/src/web/page-actions.ts). Saved: back to the record's page. Refused:
// the message beside the form (a fetcher), or, without JavaScript, this page with the form again.
import { Form, Link, redirect } from 'react-router';
import type { z } from 'zod';
import type { Route } from './+types/record-image';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { ConsoleContestOut } from '@market/domain/api/console-contests';
import { ConsoleMerchantDetailOut } from '@market/domain/api/console-merchants';
import { ConsoleOffer } from '@market/domain/api/console-offers';

const RECORDS = {
  merchants: { noun: 'merchant', kinds: ['logo', 'photo'], answer: ConsoleMerchantDetailOut },
  contests: { noun: 'contest', kinds: ['banner', 'picture'], answer: ConsoleContestOut },
  offers: { noun: 'offer', kinds: ['picture'], answer: ConsoleOffer },
} as const satisfies Record<string, { noun: string; kinds: readonly string[]; answer: z.ZodType }>;
type Records = keyof typeof RECORDS;
const CHOOSE_FILE = 'Choose an image file to upload.';

/** The record and image of the URL (/console/<records>/<id>/<kind>), or 404. */
function target(request: Request, params: { id?: string; kind?: string }) {
  const records = new URL(request.url).pathname.split('/')[2] as Records;
  const record = RECORDS[records];
  const id = Number(params.id);
  const kind = record?.kinds.find((k: string) => k === params.kind);
  if (!record || !kind || !Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 404 });
  return { records, record, id, kind, page: `/console/${records}/${id}` };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  // The upload form lives on the record's page.
  throw redirect(target(request, params).page);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { records, record, id, kind, page } = target(request, params);
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return { kind, noun: record.noun, page, message: null, fields: { file: [CHOOSE_FILE] } };
  const body = new FormData();
  body.set('file', file, file.name || `${kind}.jpg`);
  const saved = await consoleApi(context, request).send('POST', `/api/console/${records}/${id}/${kind}/`, body, record.answer);
  if (!saved.ok) return { kind, noun: record.noun, page, message: saved.message, fields: saved.kind === 'invalid' ? saved.fields : {} };
  throw redirect(`${page}?${records === 'offers' ? 'done' : 'saved'}=${kind}`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

/** Only seen without JavaScript, after a refused upload. */
export default function RecordImage({ actionData }: Route.ComponentProps) {
  const kind = actionData?.kind ?? 'image';
  const errors = [...(actionData?.fields.file ?? []), ...(actionData?.message ? [actionData.message] : [])];
  return (
    <>
      <title>{`Upload ${kind} · Staff console`}</title>
      <h1>Upload the {kind}</h1>
      <Form method="post" encType="multipart/form-data" className="console-form">
        <div className="console-field">
          <label htmlFor="file">New {kind}</label>
          <input id="file" type="file" name="file" accept="image/jpeg,image/png,image/webp,image/avif" required aria-describedby="file-error" aria-invalid={errors.length ? true : undefined} />
          <span id="file-error" className="console-field-error">
            {errors.join(' ')}
          </span>
        </div>
        <div className="console-actions">
          <button type="submit" className="console-btn">
            Upload {kind}
          </button>
          {actionData ? <Link to={actionData.page}>Back to the {actionData.noun}</Link> : null}
        </div>
      </Form>
    </>
  );
}
