// Reading a console form's posted values on the server: text only (a file or a missing field is '').
import type { ConsoleFailure } from './console-api.server.ts';

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** One line for a failure whose fields the form does not show one by one. */
export function failureText(failure: ConsoleFailure): string {
  if (failure.kind === 'conflict') return failure.message;
  return [failure.message, ...Object.values(failure.fields).flat()].filter(Boolean).join(' ');
}

/** The record as it stands now, from a 409's `current` (an empty record when the API sent none). */
export function conflictRecord(current: unknown): Record<string, unknown> {
  return current && typeof current === 'object' ? (current as Record<string, unknown>) : {};
}
