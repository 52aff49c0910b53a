// zod building blocks for query strings: every bad value is a 400 that names its field.
import { z } from 'zod';
import { MAX_OFFSET, MAX_PAGE_SIZE, PAGE_SIZE } from '@market/domain/constants';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional query value; empty strings count as absent (SPEC.md 7: empty parameters dropped). */
export function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyToUndefined, schema.optional());
}

// Coordinates are kept to 7 decimals (about 1 cm): subnormal values such as 5e-324 made the
// distance arithmetic underflow in PostgreSQL (found by the fuzzer, docs/security.md).
export const toCentimetres = (v: number): number => Math.round(v * 1e7) / 1e7 + 0;

export const latitude = z.coerce.number({ error: 'Enter a latitude between -90 and 90.' }).min(-90, 'Enter a latitude between -90 and 90.').max(90, 'Enter a latitude between -90 and 90.').transform(toCentimetres);
export const longitude = z.coerce.number({ error: 'Enter a longitude between -180 and 180.' }).min(-180, 'Enter a longitude between -180 and 180.').max(180, 'Enter a longitude between -180 and 180.').transform(toCentimetres);

export const limitParam = optionalQuery(
  z.coerce.number({ error: `Enter a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .int(`Enter a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .min(1, `Enter a whole number from 1 to ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `Enter a whole number from 1 to ${MAX_PAGE_SIZE}.`),
).transform((v) => v ?? PAGE_SIZE);

export const offsetParam = optionalQuery(
  z.coerce.number({ error: `Enter a whole number from 0 to ${MAX_OFFSET}.` })
    .int(`Enter a whole number from 0 to ${MAX_OFFSET}.`)
    .min(0, `Enter a whole number from 0 to ${MAX_OFFSET}.`)
    .max(MAX_OFFSET, `Enter a whole number from 0 to ${MAX_OFFSET}.`),
).transform((v) => v ?? 0);

/** A positive database id in a path or query. */
export const idParam = z.coerce.number({ error: 'Enter a valid id.' }).int('Enter a valid id.').positive('Enter a valid id.').max(2_147_483_647, 'Enter a valid id.');

/** The place parameters most list calls share (SPEC.md 7). */
export const placeQuery = {
  city: optionalQuery(z.string().trim().max(100, 'City is too long.')),
  state: optionalQuery(z.string().trim().regex(/^[A-Za-z]{2}$/, 'Use a two-letter state code.').transform((s) => s.toUpperCase())),
  lat: optionalQuery(latitude),
  lng: optionalQuery(longitude),
};

/** 0/1/true/false flags in query strings. */
export const flagParam = optionalQuery(
  z.enum(['0', '1', 'true', 'false'], { error: 'Use 1 or 0.' }).transform((v) => v === '1' || v === 'true'),
);
