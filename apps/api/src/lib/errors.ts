// One error type and one handler. Bodies follow SPEC.md 8: a 4xx is a JSON
// object of field -> messages (non-field problems under `detail`); a 5xx is the generic text.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { formatWait } from '@market/domain/wait-time';

export type ErrorCode = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'gone' | 'unprocessable' | 'too_many' | 'too_large' | 'unavailable';

const STATUS: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  /** Well-formed and allowed, but refused by a rule of the moment (a coupon outside its hours). */
  unprocessable: 422,
  too_large: 413,
  too_many: 429,
  unavailable: 503,
};

/** SPEC.md 8: the text every 5xx answers with. */
export const SERVER_ERROR_TEXT = 'There was an issue processing your request. Please try again later.';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  /** Data the body carries besides the messages (a 409's `current` record). */
  readonly extra: Record<string, unknown> | undefined;
  /** For a 429: the seconds its Retry-After header gives (60 when not set; see tooMany). */
  retryAfterSeconds: number | undefined;
  constructor(code: ErrorCode, message: string, fields?: FieldErrors, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.extra = extra;
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** A 429 whose Retry-After says when to come back (a pause the service knows the end of). */
export function tooMany(message: string, retryAfterSeconds: number): AppError {
  const error = new AppError('too_many', message);
  error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/** A 400 for one field, e.g. invalid('zip', 'Zip code must be 5 digits'). */
export function invalid(field: string, message: string): AppError {
  return new AppError('invalid', message, { [field]: [message] });
}

export function notFound(message = 'Not found.'): AppError {
  return new AppError('not_found', message);
}

/**
 * A 409 for an edit made on a stale version (docs/api.md "Staff console"): the body carries the
 * record as it now stands under `current`, so the editor sees both versions and loses nothing.
 */
export function staleVersion(thing: string, current: unknown): AppError {
  return new AppError('conflict', `Someone else changed this ${thing} since you opened it. Compare their version with yours before saving again.`, undefined, { current });
}

export type ErrorBody = Record<string, unknown>;

/** Turns zod-style issues into { field: [messages] }, the field being the dotted path. */
export function fieldErrorsFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, fallback = 'detail'): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : fallback;
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Installs the one error handler and the 404 handler. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // A service we depend on is down (503): said plainly to the caller, and logged with its cause.
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.code === 'too_many') reply.header('retry-after', reply.getHeader('retry-after') ?? String(error.retryAfterSeconds ?? 60));
      return send(reply, error.status, { ...(error.fields ?? { detail: error.message }), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = (error as FastifyError).validationContext ?? 'body';
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
      }));
      return send(reply, 400, fieldErrorsFromIssues(issues, where === 'body' ? 'non_field_errors' : where));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return send(reply, 500, { detail: SERVER_ERROR_TEXT });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const code = (error as FastifyError).code;
      // The rate limiter has set Retry-After; a window can be an hour, so say how long it is.
      if (status === 429) return send(reply, 429, { detail: `Too many requests. Please try again in ${formatWait(Number(reply.getHeader('retry-after') ?? 60))}.` });
      if (status === 413) return send(reply, 413, { detail: 'The request body is too large.' });
      if (status === 415) return send(reply, 415, { detail: 'Unsupported content type. Send application/json.' });
      if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return send(reply, 400, { non_field_errors: ['The request body is empty.'] });
      if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError || code?.startsWith('FST_ERR_CTP')) {
        return send(reply, 400, { non_field_errors: ['The request body is not valid JSON.'] });
      }
      // Other framework 4xx (bad URL encoding, bad headers): a fixed text, never the raw message.
      return send(reply, status, { detail: 'The request could not be understood.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { detail: SERVER_ERROR_TEXT });
  });

  app.setNotFoundHandler((_request, reply) => send(reply, 404, { detail: 'Not found.' }));
}
