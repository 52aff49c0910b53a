// Pieces every public form shares (SPEC.md 4, 8): the answer of the /forms/:kind action, the
// fetcher that posts to it (keyed so a form keeps its answer while the page re-renders), the
// form-level message and the per-field messages.
import { useFetcher } from 'react-router';
import { STATES_SOLD } from '@market/domain/markets';

export interface FormAnswer {
  ok: boolean;
  message: string;
  /** Field name -> message, for the field the message belongs to. */
  fields?: Record<string, string>;
}

export type FormKind = 'suggest' | 'mailing-removal' | 'newsletter' | 'magazine-lead' | 'business-lead' | 'contractor';

const STATE_NAMES: Record<(typeof STATES_SOLD)[number], string> = { MI: 'Michigan', IL: 'Illinois', MN: 'Minnesota', FL: 'Florida' };

/**
 * The fetcher of one form and its answer. `initial` is the answer of a post made without
 * JavaScript (the /forms/:kind page renders it); the fetcher's own answer wins once it has one.
 */
export function useLeadForm(key: string, initial?: FormAnswer | null) {
  const fetcher = useFetcher<FormAnswer>({ key });
  const answer = fetcher.data ?? initial ?? null;
  return { fetcher, answer, busy: fetcher.state !== 'idle', done: answer?.ok === true };
}

export function StateSelect({ name, invalid = false }: { name: string; invalid?: boolean }) {
  return (
    <select name={name} required defaultValue="" aria-invalid={invalid}>
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

export function FieldError({ message }: { message?: string }) {
  return message ? <span className="field-error">{message}</span> : null;
}

/** The form-level failure message (SPEC.md 8); field messages show beside their fields. */
export function FormMessage({ answer }: { answer: FormAnswer | null }) {
  if (!answer || answer.ok) return null;
  return (
    <p role="alert" className="form-error">
      {answer.message}
    </p>
  );
}
