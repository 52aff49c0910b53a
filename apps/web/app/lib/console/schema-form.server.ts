// A console form checked with the domain's request schema before it goes to the API (STYLE.md 6:
// the form and the server parse with the same zod schema, so they never disagree). The messages
// come back keyed by the body's top-level field, as the API's 400 answers are (SPEC.md 8).
import type { z } from 'zod';
import { formText } from './form-values.server.ts';

export type FieldErrors = Record<string, string[]>;

/** The body the schema accepts, or the messages of each field it refused. */
export function checkBody<S extends z.ZodType>(schema: S, body: unknown): { ok: true; body: z.output<S> } | { ok: false; fields: FieldErrors } {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'detail');
    const list = (fields[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { ok: false, fields };
}

/** A whole number typed in a field; the text itself when it is not one (the schema names the problem). */
export function formNumber(form: FormData, name: string): number | string | undefined {
  const text = formText(form, name).trim();
  if (!text) return undefined;
  const n = Number(text);
  return Number.isFinite(n) && /^-?\d+$/.test(text) ? n : text;
}

/** A checkbox: ticked or not. */
export function formCheck(form: FormData, name: string): boolean {
  return form.get(name) !== null;
}

/** Every value of a repeated field (checkbox group), as text. */
export function formList(form: FormData, name: string): string[] {
  return form.getAll(name).filter((v): v is string => typeof v === 'string');
}

/** Lines of a textarea, trimmed, without the blank ones. */
export function formLines(form: FormData, name: string): string[] {
  return formText(form, name)
    .split(/[\r\n,]+/)
    .map((line) => line.trim())
    .filter(Boolean);
}
