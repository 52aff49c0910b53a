// Pieces of the console's merchant, location and offer forms: reading the form's values (the
// record as loaded, or what was posted when the API refused it) and the field messages by the
// API's field names, a checkbox field, and a titled group of fields.
import { useId, type ReactNode } from 'react';
import type { FieldMessages } from './field.tsx';

export type FormValues = Record<string, string | string[]>;
export type FieldErrors = Record<string, string[]>;

export interface FormReader {
  text(name: string): string;
  list(name: string): string[];
  on(name: string): boolean;
  errors(name: string): string[] | undefined;
  /** The messages of fields no control asked for (read after the form's fields). */
  unshown(): Array<[string, string[]]>;
}

export function formReader(values: FormValues, errors: FieldErrors = {}): FormReader {
  const seen = new Set<string>();
  return {
    text: (name) => {
      const v = values[name];
      return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
    },
    list: (name) => {
      const v = values[name];
      return Array.isArray(v) ? v : v ? [v] : [];
    },
    on: (name) => {
      const v = values[name];
      return v === 'on' || v === '1' || v === 'true';
    },
    errors: (name) => {
      seen.add(name);
      return errors[name];
    },
    unshown: () => Object.entries(errors).filter(([key]) => !seen.has(key)),
  };
}

export function CheckField({ label, name, defaultChecked, errors, hint, value = 'on' }: { label: ReactNode; name: string; defaultChecked: boolean; errors?: FieldMessages; hint?: ReactNode; value?: string }) {
  const id = useId();
  const list = !errors ? [] : typeof errors === 'string' ? [errors] : errors;
  const describedBy = [list.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="console-check">
      <input id={id} type="checkbox" name={name} value={value} defaultChecked={defaultChecked} aria-invalid={list.length ? true : undefined} aria-describedby={describedBy} />
      <div className="console-field">
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <span id={`${id}-hint`} className="console-hint">
            {hint}
          </span>
        ) : null}
        {list.length ? (
          <span id={`${id}-error`} className="console-field-error">
            {list.join(' ')}
          </span>
        ) : null}
      </div>
    </div>
  );
}

export function FormGroup({ title, children, hint }: { title: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <fieldset className="cat-group">
      <legend>{title}</legend>
      {hint ? <p className="console-hint">{hint}</p> : null}
      <div className="cat-grid">{children}</div>
    </fieldset>
  );
}

/** Field messages the form has no control for (a key the API named that is not on the page). */
export function OtherErrors({ form }: { form: FormReader }) {
  const rest = form.unshown();
  if (!rest.length) return null;
  return (
    <ul className="console-alert console-alert-error" role="alert">
      {rest.map(([key, messages]) => (
        <li key={key}>
          <strong>{key}</strong>: {messages.join(' ')}
        </li>
      ))}
    </ul>
  );
}
