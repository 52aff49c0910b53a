// Pieces every public form shares (SPEC.md 4, 8): the answer of the /forms/:kind action, the
// fetcher that posts to it (keyed so a form keeps its answer while the page re-renders), the
// form-level message and the per-field messages.
import { useFetcher } from 'react-router';
import { STATES_SOLD, US_STATES } from '@market/domain/markets';

export interface FormAnswer {
  ok: boolean;
  message: string;
  /** Field name -> message, shown beside the field it belongs to. */
  fields?: Record<string, string>;
}

/** Shown above the button when the messages belong to fields (each is shown beside its field). */
export const CHECK_FIELDS = 'Please correct the fields marked above.';

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

/**
 * A state picker: the four sold states (suggest merchant, business and contractor forms, SPEC.md 5)
 * or the 50 states plus DC with Michigan first chosen (mailing addresses, SPEC.md 9).
 */
export function StateSelect({ name, invalid = false, states = 'sold' }: { name: string; invalid?: boolean; states?: 'sold' | 'us' }) {
  if (states === 'us')
    return (
      <select name={name} required defaultValue="MI" aria-invalid={invalid}>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
    );
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
