// Rich text for console forms (offer terms, merchant about, contest rules): HTML written into a
// field of the surrounding form, which the API sanitises (packages/domain/src/html.ts). The server
// and the first render draw a plain textarea holding the HTML (the form works without JavaScript);
// after hydration the Tiptap editor (rich-text-editor-client.tsx, its own chunk, loaded only by
// console pages that show an editor) replaces it, starting from what the textarea holds then.
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useHydrated } from '../../lib/ui/hooks.ts';
import type { FieldMessages } from './field.tsx';

const TiptapEditor = lazy(() => import('./rich-text-editor-client.tsx'));

export interface RichTextEditorProps {
  /** The form field the HTML is posted as. */
  name: string;
  label: ReactNode;
  /** The stored HTML the editor starts from. */
  initialHtml: string;
  hint?: ReactNode;
  errors?: FieldMessages;
}

export function RichTextEditor({ name, label, initialHtml, hint, errors }: RichTextEditorProps) {
  const id = useId();
  const hydrated = useHydrated();
  // What the plain textarea holds when the editor takes over (a staff member may type before it loads).
  const [draft, setDraft] = useState(initialHtml);
  const list = !errors ? [] : typeof errors === 'string' ? [errors] : errors;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = list.length ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const labelId = `${id}-label`;
  const fallback = (
    <textarea
      id={`${id}-input`}
      name={name}
      defaultValue={draft}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-invalid={list.length ? true : undefined}
      onChange={(event) => setDraft(event.target.value)}
    />
  );
  return (
    <div className="console-field">
      {/* A label for the textarea before the editor loads, and the editable area's name after. */}
      <label id={labelId} htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className="console-rte">
        {hydrated ? (
          <Suspense fallback={fallback}>
            <TiptapEditor name={name} initialHtml={draft} labelId={labelId} describedBy={describedBy} invalid={list.length > 0} />
          </Suspense>
        ) : (
          fallback
        )}
      </div>
      {hint ? (
        <span id={hintId} className="console-hint">
          {hint}
        </span>
      ) : null}
      {list.length ? (
        <span id={errorId} className="console-field-error">
          {list.join(' ')}
        </span>
      ) : null}
    </div>
  );
}
