// "Someone else changed this since you opened it" (COMMON "Optimistic concurrency": a PATCH with
// a stale version answers 409 with the current record under `current`). Shows, field by field,
// what differs between their saved version and the one being edited here, and offers both ways
// on: load theirs (the page afresh, theirs in the form), or keep editing this one. Keeping it is a
// knowing overwrite: the page's form then carries the current record's version (the caller passes
// `current.version` as the form's version once this notice has been shown).
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

export interface ConflictField {
  name: string;
  label: string;
  /** The value as a person reads it; by default text, numbers, Yes/No, lists joined. */
  format?: (value: unknown) => string;
}

export interface ConflictNoticeProps {
  /** The API's message (409 detail); a plain sentence by default. */
  message?: string | null;
  /** The record as saved now (the 409's `current`). */
  theirs: Record<string, unknown>;
  /** The values this page sent (the form as submitted). */
  yours: Record<string, unknown>;
  fields: readonly ConflictField[];
  /** The page that shows their version: the same page, loaded again. */
  reloadHref: string;
  /** Called when the staff member chooses to keep editing their own version. */
  onKeepEditing?: () => void;
}

const EMPTY = '(empty)';

export function formatConflictValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(formatConflictValue).join(', ') : EMPTY;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields whose readable values differ, with both versions. */
export function conflictDifferences(fields: readonly ConflictField[], theirs: Record<string, unknown>, yours: Record<string, unknown>) {
  return fields
    .map((field) => {
      const format = field.format ?? formatConflictValue;
      return { field, theirs: format(theirs[field.name]), yours: format(yours[field.name]) };
    })
    .filter((d) => d.theirs !== d.yours);
}

export function ConflictNotice({ message, theirs, yours, fields, reloadHref, onKeepEditing }: ConflictNoticeProps) {
  const [dismissed, setDismissed] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The notice replaces the saved message the staff member expected: take them to it.
  useEffect(() => heading.current?.focus(), []);
  if (dismissed) return null;
  const differences = conflictDifferences(fields, theirs, yours);
  return (
    <section className="console-conflict" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Someone else changed this since you opened it
      </h2>
      <p>{message && message !== 'Someone else changed this since you opened it.' ? message : 'Your changes were not saved. Compare the two versions, then choose which one to keep working on.'}</p>
      {differences.length ? (
        <table>
          <caption className="console-sr">Differences between the saved version and yours</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Saved by someone else</th>
              <th scope="col">Yours (not saved)</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((d) => (
              <tr key={d.field.name}>
                <th scope="row">{d.field.label}</th>
                <td>{d.theirs}</td>
                <td>{d.yours}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>The fields you edited hold the same values in both versions; other details changed.</p>
      )}
      <div className="console-actions">
        <Link to={reloadHref} reloadDocument className="console-btn console-btn-secondary">
          Load their version
        </Link>
        <button
          type="button"
          className="console-btn"
          onClick={() => {
            setDismissed(true);
            onKeepEditing?.();
          }}
        >
          Keep editing mine
        </button>
      </div>
      <p className="console-small console-muted">Keeping yours and saving replaces what they saved.</p>
    </section>
  );
}
