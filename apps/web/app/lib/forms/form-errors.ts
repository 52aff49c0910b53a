// Field messages from the shared zod schemas (packages/domain/src/validation), shown beside each
// field before any request is made (SPEC.md 5).
import type { z } from 'zod';
import { ApiError, messageOf } from '../api/member-api.ts';

export type FieldErrors = Record<string, string>;

/** The first message of each field of a failed safeParse. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** A form's values as a plain object; checkboxes give true/false. */
export function formValues(form: HTMLFormElement): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement) || !element.name) continue;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') out[element.name] = element.checked;
    else if (element instanceof HTMLInputElement && element.type === 'radio') {
      if (element.checked) out[element.name] = element.value;
    } else out[element.name] = element.value;
  }
  return out;
}

/** Focuses the first field with a message, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors): void {
  for (const element of Array.from(form.elements)) {
    if ((element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && element.name in errors) {
      element.focus();
      return;
    }
  }
}

/**
 * A failed call, told once (docs/decisions.md): messages of the fields the form shows go beside
 * them; `message` is what is left (a detail, a field the form does not have), else null.
 */
export function splitCallError(error: unknown, shownFields: readonly string[]): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: messageOf(error) };
  const fields: FieldErrors = {};
  const rest: string[] = [];
  for (const [name, text] of Object.entries(error.fields)) {
    if (shownFields.includes(name)) fields[name] = text;
    else rest.push(text);
  }
  if (Object.keys(fields).length === 0) return { fields, message: error.message };
  return { fields, message: rest.length ? rest.join(' ') : null };
}
