// The JSON body of a call, for route schemas.
import { z } from 'zod';

/**
 * A body that may be left out entirely: it is then checked as an empty object, so every required
 * field answers 'This is required' (SPEC.md 8) rather than one message for the whole body.
 */
export function optionalBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => v ?? {}, schema);
}
