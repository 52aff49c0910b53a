// Pieces every public form shares (SPEC.md 4, 8): the answer of the /forms/:kind action, the
// fetcher that posts to it (keyed so a form keeps its answer while the page re-renders), the
// form-level message and the per-field messages.
import { useId, type ReactNode } from 'react';
import { STATES_SOLD, US_STATES } from '@market/domain/markets';
import type { FormAnswer } from './lead-answer.ts';

export { useLeadForm, type FormAnswer, type FormKind } from './lead-answer.ts';

/** Shown above the button when the messages belong to fields (each is shown beside its field). */
export const CHECK_FIELDS = 'Please correct the fields marked above.';

const STATE_NAMES: Record<(typeof STATES_SOLD)[number], string> = { MI: 'Michigan', IL: 'Illinois', MN: 'Minnesota', FL: 'Florida' };

/**
 * A state picker: the four sold states (suggest merchant, business and contractor forms, SPEC.md 5)
 * or the 50 states plus DC with Michigan first chosen (mailing addresses, SPEC.md 9).
 */
export function StateSelect({ id, name, invalid = false, states = 'sold', describedBy }: { id?: string; name: string; invalid?: boolean; states?: 'sold' | 'us'; describedBy?: string }) {
  if (states === 'us')
    return (
      <select id={id} name={name} required defaultValue="MI" aria-invalid={invalid} aria-describedby={describedBy}>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
    );
  return (
    <select id={id} name={name} required defaultValue="" aria-invalid={invalid} aria-describedby={describedBy}>
      <option value="" disabled>
        Choose a state
      </option>
      {STATES_SOLD.map((code) => (
        <option key={code} value={code}>
          {STATE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}

export function FieldError({ message, id }: { message?: string; id?: string }) {
  return message ? (
    <span className="field-error" id={id}>
      {message}
    </span>
  ) : null;
}

/**
 * The form-level failure message (SPEC.md 8). When every message belongs to a field the form
 * shows (`shown`), each is beside its field and this says so; otherwise the whole message.
 */
export function FormMessage({ answer, shown }: { answer: FormAnswer | null; shown?: readonly string[] }) {
  if (!answer || answer.ok) return null;
  const fields = Object.keys(answer.fields ?? {});
  const allShown = shown !== undefined && fields.length > 0 && fields.every((f) => shown.includes(f));
  return (
    <p role="alert" className="form-error">
      {allShown ? CHECK_FIELDS : answer.message}
    </p>
  );
}

export interface FieldProps {
  name: string;
  label: string;
  /** The form's field messages (FormAnswer.fields). */
  errors: Record<string, string>;
  required?: boolean;
  autoComplete?: string;
  maxLength?: number;
}

/**
 * A labelled field with its message beside it: the message is tied to the control with
 * aria-describedby (not inside the label, so the control's name stays the label).
 */
function FieldFrame({ id, label, required, message, children }: { id: string; label: string; required: boolean; message?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? null : ' (optional)'}
      </label>
      {children}
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}

export function TextField({ name, label, errors, type = 'text', required = true, autoComplete, maxLength = 200, inputMode, multiline = false }: FieldProps & { type?: 'text' | 'email' | 'tel' | 'url'; inputMode?: 'numeric'; multiline?: boolean }) {
  const id = `${useId()}-${name}`;
  const message = errors[name];
  const common = { id, name, required, maxLength, 'aria-invalid': Boolean(message), 'aria-describedby': message ? `${id}-error` : undefined };
  return (
    <FieldFrame id={id} label={label} required={required} message={message}>
      {multiline ? <textarea {...common} rows={3} /> : <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} />}
    </FieldFrame>
  );
}

export function StateField({ name = 'state', errors, states = 'sold' }: { name?: string; errors: Record<string, string>; states?: 'sold' | 'us' }) {
  const id = `${useId()}-${name}`;
  const message = errors[name];
  return (
    <FieldFrame id={id} label="State" required message={message}>
      <StateSelect id={id} name={name} states={states} invalid={Boolean(message)} describedBy={message ? `${id}-error` : undefined} />
    </FieldFrame>
  );
}
