// Console form fields fed by the API's 400 answers (SPEC.md 8: field -> messages): a label, the
// control, an optional hint, and the field's messages, tied to the control by aria-describedby and
// aria-invalid so a screen reader reads them with it.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** The messages of one field: what an action hands back (`fields[name]`), or one string. */
export type FieldMessages = readonly string[] | string | null | undefined;

function listOf(messages: FieldMessages): readonly string[] {
  if (!messages) return [];
  return typeof messages === 'string' ? [messages] : messages;
}

interface Described {
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
  errors: readonly string[];
}

function described(id: string, hint: ReactNode, messages: FieldMessages): Described {
  const errors = listOf(messages);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy, errors };
}

function FieldFoot({ hintId, errorId, hint, errors }: { hintId?: string; errorId?: string; hint: ReactNode; errors: readonly string[] }) {
  return (
    <>
      {hint ? (
        <span id={hintId} className="console-hint">
          {hint}
        </span>
      ) : null}
      {errors.length ? (
        <span id={errorId} className="console-field-error">
          {errors.join(' ')}
        </span>
      ) : null}
    </>
  );
}

interface FieldProps {
  label: ReactNode;
  name: string;
  errors?: FieldMessages;
  hint?: ReactNode;
}

export function Field({ label, name, errors, hint, ...input }: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const id = useId();
  const d = described(id, hint, errors);
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={d.errors.length ? true : undefined} aria-describedby={d.describedBy} {...input} />
      <FieldFoot hintId={d.hintId} errorId={d.errorId} hint={hint} errors={d.errors} />
    </div>
  );
}

export function TextAreaField({ label, name, errors, hint, ...textarea }: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const id = useId();
  const d = described(id, hint, errors);
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} aria-invalid={d.errors.length ? true : undefined} aria-describedby={d.describedBy} {...textarea} />
      <FieldFoot hintId={d.hintId} errorId={d.errorId} hint={hint} errors={d.errors} />
    </div>
  );
}

export function SelectField({
  label,
  name,
  errors,
  hint,
  options,
  ...select
}: FieldProps & { options: ReadonlyArray<{ value: string; label: string }> } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>) {
  const id = useId();
  const d = described(id, hint, errors);
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} aria-invalid={d.errors.length ? true : undefined} aria-describedby={d.describedBy} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldFoot hintId={d.hintId} errorId={d.errorId} hint={hint} errors={d.errors} />
    </div>
  );
}

/** The form's own message (not tied to one field): announced when it appears. */
export function FormMessage({ message, tone = 'error' }: { message: string | null | undefined; tone?: 'error' | 'success' | 'warning' }) {
  if (!message) return null;
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`console-alert console-alert-${tone}`}>
      {message}
    </p>
  );
}
