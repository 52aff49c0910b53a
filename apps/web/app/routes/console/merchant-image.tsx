// /console/merchants/:id/logo and /photo: the upload actions of the merchant page's image forms
// (POST /api/console/merchants/{id}/logo/ and /photo/, multipart, one field `file`). The page host
// lets these two take a body of the API's 5 MB (apps/api/src/web/page-actions.ts). Saved: back to
// the merchant's page. Refused: the message beside the form (a fetcher), or, without JavaScript,
// this page with the form again.
import { Form, Link, redirect } from 'react-router';
import type { Route } from './+types/merchant-image';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { ConsoleMerchantDetailOut } from '@market/domain/api/console-merchants';
import { merchantId } from './merchant.tsx';

const KINDS = ['logo', 'photo'] as const;
type Kind = (typeof KINDS)[number];
const CHOOSE_FILE = 'Choose an image file to upload.';

function kindOf(params: { kind?: string }): Kind {
  const kind = KINDS.find((k) => k === params.kind);
  if (!kind) throw new Response(null, { status: 404 });
  return kind;
}

export async function loader({ params }: Route.LoaderArgs) {
  // The upload form lives on the merchant's page.
  throw redirect(`/console/merchants/${merchantId(params)}`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = merchantId(params);
  const kind = kindOf(params);
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return { kind, id, message: null, fields: { file: [CHOOSE_FILE] } };
  const body = new FormData();
  body.set('file', file, file.name || `${kind}.jpg`);
  const saved = await consoleApi(context, request).send('POST', `/api/console/merchants/${id}/${kind}/`, body, ConsoleMerchantDetailOut);
  if (!saved.ok) return { kind, id, message: saved.kind === 'invalid' ? saved.message : saved.message, fields: saved.kind === 'invalid' ? saved.fields : {} };
  throw redirect(`/console/merchants/${id}?saved=${kind}`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

/** Only seen without JavaScript, after a refused upload. */
export default function MerchantImage({ actionData, params }: Route.ComponentProps) {
  const kind = actionData?.kind ?? 'logo';
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
          <Link to={`/console/merchants/${params.id}`}>Back to the merchant</Link>
        </div>
      </Form>
    </>
  );
}
