// The one way the member forms submit from the browser (SPEC.md 4, 5, 8): the form's values are
// checked with their shared zod schema from packages/domain before any request, each message is
// shown beside its field and the first such field takes the focus; then the call is made once
// (further submits wait), and a refusal is told as the form chooses: beside fields, above the
// button, or not at all when the member was sent to sign in again.
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { messageOf } from '../api/member-api.ts';
import { useHydrated } from '../ui/hooks.ts';
import { fieldErrors, focusFirstError, formValues, type FieldErrors } from './form-errors.ts';

export type FormValues = Record<string, string | boolean>;
export type FormStatus = 'idle' | 'submitting' | 'done';

/** What a refused call shows: field messages and a message above the button; null when handled elsewhere. */
export type FormFailure = { fields?: FieldErrors; message?: string | null } | null;

export interface SchemaFormOptions<S extends z.ZodType> {
  /** The shared schema the values must pass before anything is sent. */
  schema?: S;
  /** The values to check: the form's own by default; forms add what they have no field for. */
  values?(own: FormValues, form: HTMLFormElement): unknown;
  /** Sends the checked data. Throws to fail; `done()` shows success before the rest finishes. */
  send(data: z.output<S>, context: { form: HTMLFormElement; values: FormValues; input: unknown; done(): void }): Promise<void>;
  /** A failed call: the server's message above the button unless told otherwise. */
  failed?(error: unknown): FormFailure;
  /** Messages of the client check beyond the fields (a broken link's id or token, say). */
  invalid?(errors: FieldErrors): string | null;
  /** Submitted once: once done, further submits are ignored (SPEC.md 4 Lease form). */
  once?: boolean;
}

export interface SchemaForm {
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  errors: FieldErrors;
  /** The message above the button, or null. */
  failure: string | null;
  status: FormStatus;
  busy: boolean;
  done: boolean;
  /** False until the page's script runs: before, a submit would post the fields in the address. */
  hydrated: boolean;
}

export function useSchemaForm<S extends z.ZodType>(options: SchemaFormOptions<S>): SchemaForm {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<FormStatus>('idle');
  const hydrated = useHydrated();
  // A second submit before the first re-render must also wait: a ref, not the state.
  const sending = useRef(false);
  const finished = useRef(false);

  function show(form: HTMLFormElement, fields: FieldErrors, message: string | null) {
    // Drawn before the focus moves, so the field is announced with its message.
    flushSync(() => {
      setErrors(fields);
      setFailure(message);
    });
    focusFirstError(form, fields);
  }

  async function submit(form: HTMLFormElement) {
    if (sending.current || (options.once && finished.current)) return;
    const own = formValues(form);
    const input = options.values ? options.values(own, form) : own;
    let data = input as z.output<S>;
    if (options.schema) {
      const parsed = options.schema.safeParse(input);
      if (!parsed.success) {
        const found = fieldErrors(parsed.error);
        show(form, found, options.invalid?.(found) ?? null);
        setStatus('idle');
        return;
      }
      data = parsed.data;
    }
    setErrors({});
    setFailure(null);
    setStatus('submitting');
    sending.current = true;
    try {
      await options.send(data, { form, values: own, input, done: () => setStatus('done') });
      finished.current = true;
      setStatus('done');
    } catch (error) {
      setStatus('idle');
      const told = options.failed ? options.failed(error) : { message: messageOf(error) };
      if (told) show(form, told.fields ?? {}, told.message ?? null);
    } finally {
      sending.current = false;
    }
  }

  return {
    onSubmit(event) {
      event.preventDefault();
      void submit(event.currentTarget);
    },
    errors,
    failure,
    status,
    busy: status === 'submitting',
    done: status === 'done',
    hydrated,
  };
}
