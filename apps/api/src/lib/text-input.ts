// NUL characters are refused in every text a client sends (path parameters, query and JSON body),
// here, once, before any schema or service sees them: PostgreSQL cannot store or compare a text
// holding one ("invalid byte sequence 0x00"), so it would otherwise surface as a 500 wherever a
// text reaches a query. The answer is a 400 naming the field (SPEC.md 8;
// docs/decisions.md "NUL characters are refused everywhere").
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** The message of a field that holds a NUL character. */
export const NUL_CHARACTER_MESSAGE = 'Null characters are not allowed.';

/** The dotted path of the first text (or object key) holding a NUL character, or null. */
function nulPath(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    // An array of texts is one field (?ids=1&ids=2): name the field, not the index.
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, typeof item === 'object' && item !== null ? [...path, String(index)] : path);
      if (found) return found;
    }
    return null;
  }
  // Only parsed JSON and query objects: a page's raw body (a Buffer) is read by its action.
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) === Buffer.prototype) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Refuses, with a 400 naming the field, any request whose params, query or body holds a NUL. */
export function installNulCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = nulPath(value, []);
      if (!path) continue;
      const field = path.length ? path.join('.') : where === 'body' ? 'non_field_errors' : where;
      throw new AppError('invalid', NUL_CHARACTER_MESSAGE, { [field]: [NUL_CHARACTER_MESSAGE] });
    }
  });
}
