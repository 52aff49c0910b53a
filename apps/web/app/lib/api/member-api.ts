// The browser's calls to the member API (SPEC.md 7): same origin, bearer token when logged in, and
// answers read as the shared handler of SPEC.md 8 says: 500 or above gives the generic text, 400
// to 499 an error whose message joins every field value of the JSON body (arrays joined by spaces).
import type { z } from 'zod';
import { storedToken } from '../member/auth-storage.ts';

export const SERVER_ERROR = 'There was an issue processing your request. Please try again later.';
/** SPEC.md 8: a call that needs a token made without one. */
export const LOGIN_REQUIRED = 'You need to be logged in to make this request.';
/** SPEC.md 8: saved items fetch with status 400 or above. */
export const SIGN_IN_AGAIN = 'You must sign in again to continue';

export class ApiError extends Error {
  readonly status: number;
  /** Field -> first message, for showing a message beside its field. */
  readonly fields: Record<string, string>;
  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.fields = fields;
  }
  /** The token is missing, unknown or expired: the member must log in again. */
  get unauthorised(): boolean {
    return this.status === 401;
  }
}

function flatten(value: unknown): string {
  if (Array.isArray(value)) return value.map(flatten).filter(Boolean).join(' ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value && typeof value === 'object') return Object.values(value).map(flatten).filter(Boolean).join(' ');
  return '';
}

/** The ApiError of a 4xx/5xx answer (SPEC.md 8 shared handler). */
export function errorFromAnswer(status: number, body: unknown): ApiError {
  if (status >= 500) return new ApiError(status, SERVER_ERROR);
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      const text = flatten(value);
      if (text) fields[key] = Array.isArray(value) ? flatten(value[0]) : text;
    }
  }
  const message = flatten(body) || SERVER_ERROR;
  return new ApiError(status, message, fields);
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** 'required': fail without a token; 'optional': send it when present; 'none': never. */
  auth?: 'required' | 'optional' | 'none';
}

/**
 * One call; resolves with the parsed JSON (undefined for an empty answer) or throws ApiError.
 * With `answer` (a response schema of @market/domain/api) the JSON is parsed with it and typed by
 * it; an answer of another shape is an ApiError (502) rather than a guess.
 * Without `answer` the JSON is returned unchecked: for calls whose answer is not read (typed
 * unknown), and, with a type argument, only for code in the first-load JavaScript of pages that
 * validate nothing (member state, home recommendations, newsletter confirmation), where importing
 * a schema would bring zod into those pages (docs/decisions.md, widgets load on first use).
 */
export async function callApi<S extends z.ZodType>(path: string, options: CallOptions & { answer: S }): Promise<z.infer<S>>;
export async function callApi<T = unknown>(path: string, options?: CallOptions): Promise<T>;
export async function callApi(path: string, { method = 'GET', body, auth = 'required', answer }: CallOptions & { answer?: z.ZodType } = {}): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (auth !== 'none') {
    const token = storedToken();
    if (token) headers.authorization = `Bearer ${token}`;
    else if (auth === 'required') throw new ApiError(401, LOGIN_REQUIRED);
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'include' });
  } catch {
    throw new ApiError(0, SERVER_ERROR);
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = res.ok ? text : undefined;
    }
  }
  if (!res.ok) throw errorFromAnswer(res.status, parsed);
  if (!answer) return parsed;
  const checked = answer.safeParse(parsed);
  if (!checked.success) {
    console.warn(`API ${path} answered an undocumented shape`, checked.error.issues);
    throw new ApiError(502, SERVER_ERROR);
  }
  return checked.data;
}

/** The message to show for any failure of a call. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : SERVER_ERROR;
}

/** SPEC.md 8 password reset, reset and verify: 500+ 'There was an issue processing your request.'; 400+ the server's detail. */
export function passwordFlowMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) return 'There was an issue processing your request.';
  return error.fields.detail ?? error.message;
}
