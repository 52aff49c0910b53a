// An image upload panel of a console record (a merchant's logo and photo, a contest's banner and
// picture, an offer's picture): a multipart form to the record's image action
// (routes/console/record-image.tsx; the page host lets those take the API's 5 MB). With
// JavaScript a fetcher, its refusal shown here and a file over 5 MB refused before it is sent;
// without, the upload page answers.
import { useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';

/** The API's upload cap (apps/api/src/modules/media/lib/uploaded-images.ts): checked in the browser first. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = 'The image is larger than 5 MB. Send a smaller file.';

export interface ImageUploadProps {
  /** The page action the form posts to, e.g. /console/contests/7/banner. */
  action: string;
  /** What the image is, in words: "logo", "banner", "picture". */
  kind: string;
  current: string | null;
  /** How the API fits it, e.g. "At most 1920 wide." */
  shape: string;
  /** Where savers see it. */
  shownOn?: string;
}

export function ImageUpload({ action, kind, current, shape, shownOn }: ImageUploadProps) {
  const fetcher = useFetcher<{ message: string | null; fields: Record<string, string[]> }>();
  const [tooLarge, setTooLarge] = useState(false);
  const id = kind.replace(/[^a-z]+/gi, '-').toLowerCase();
  const errors = tooLarge ? [TOO_LARGE] : (fetcher.data?.fields.file ?? (fetcher.data?.message ? [fetcher.data.message] : []));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const file = (event.currentTarget.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0];
    const over = !!file && file.size > UPLOAD_MAX_BYTES;
    setTooLarge(over);
    if (over) event.preventDefault();
  };
  return (
    <section className="console-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{kind[0]!.toUpperCase() + kind.slice(1)}</h2>
      {current ? <img src={current} alt={`Current ${kind}`} className={`cat-image cat-image-${id}`} /> : <p className="console-muted">No {kind} yet.</p>}
      <fetcher.Form method="post" action={action} encType="multipart/form-data" className="console-form" onSubmit={onSubmit}>
        <div className="console-field">
          <label htmlFor={`${id}-file`}>New {kind}</label>
          <input id={`${id}-file`} type="file" name="file" accept="image/jpeg,image/png,image/webp,image/avif" required aria-describedby={`${id}-hint${errors.length ? ` ${id}-error` : ''}`} aria-invalid={errors.length ? true : undefined} />
          <span id={`${id}-hint`} className="console-hint">
            JPEG, PNG, WebP or AVIF, up to 5 MB. {shape}
            {shownOn ? ` Savers see it ${shownOn} at once.` : ''}
          </span>
          {errors.length ? (
            <span id={`${id}-error`} className="console-field-error">
              {errors.join(' ')}
            </span>
          ) : null}
        </div>
        <button type="submit" className="console-btn console-btn-secondary" disabled={fetcher.state !== 'idle'}>
          {fetcher.state !== 'idle' ? 'Uploading…' : `Upload ${kind}`}
        </button>
      </fetcher.Form>
    </section>
  );
}
