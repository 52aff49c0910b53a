// One labelled input with its message (aria-invalid and aria-describedby point at it).
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export function Field({ label, name, error, hint, ...input }: { label: string; name: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {hint ? <span className="muted small">{hint}</span> : null}
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function CheckboxField({ label, name, error, ...input }: { label: ReactNode; name: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <label className="checkbox" htmlFor={id}>
        <input id={id} type="checkbox" name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} /> <span>{label}</span>
      </label>
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
