// Every API operation the app has registered, read from its own OpenAPI document (built from the
// routes' zod schemas), so the adversarial suites cover new routes as soon as they are registered
// (docs/security.md). Also the request helpers the suites share.
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app.ts';

export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  default?: unknown;
  $ref?: string;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** e.g. 'POST /auth/login/' */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI path, e.g. /api/offers/{id}/ */
  path: string;
  /** Needs a bearer token (declared `security` in its schema). */
  secured: boolean;
  params: Parameter[];
  body: JsonSchema | undefined;
  bodyRequired: boolean;
  /** Declared response codes. */
  responses: string[];
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: Parameter[]; requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> }; responses?: Record<string, unknown> }>>;
}

/** The operations of the app's OpenAPI document (every documented /api, /auth and /media route). */
export function listOperations(app: App): Operation[] {
  const doc = app.swagger() as unknown as OpenApiDoc;
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const json = op.requestBody?.content['application/json'];
      out.push({
        id: `${upper} ${path}`,
        method: upper,
        path,
        secured: Boolean(op.security?.length),
        params: (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').map((p) => ({ ...p, required: Boolean(p.required) || p.in === 'path', schema: p.schema ?? {} })),
        body: json?.schema,
        bodyRequired: Boolean(op.requestBody?.required),
        responses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return out;
}

export interface RequestParts {
  path: Record<string, string>;
  query: Record<string, string>;
  body?: unknown;
  /** A raw payload sent as is (malformed JSON, wrong types). */
  rawBody?: string;
  contentType?: string;
}

/** Turns an operation and its parts into app.inject options. */
export function toInject(op: Operation, parts: RequestParts, headers: Record<string, string> = {}, remoteAddress?: string): InjectOptions {
  const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(parts.path[name] ?? '1'));
  const query = new URLSearchParams(parts.query).toString();
  const options: InjectOptions = {
    method: op.method,
    url: query ? `${url}?${query}` : url,
    headers: { ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  };
  if (parts.rawBody !== undefined) {
    options.payload = parts.rawBody;
    options.headers = { ...options.headers, 'content-type': parts.contentType ?? 'application/json' };
  } else if (parts.body !== undefined) {
    options.payload = JSON.stringify(parts.body);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  return options;
}

/** SPEC.md 8: a 4xx body is a JSON object mapping fields (or `detail`) to a message or messages. */
export function isFieldMessageBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const entries = Object.entries(body);
  if (!entries.length) return false;
  return entries.every(([, v]) =>
    (typeof v === 'string' && v.trim().length > 0) || (Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string' && m.trim().length > 0)),
  );
}

/**
 * Internal detail that must never reach a client (docs/security.md: no stack trace, SQL or path).
 */
export const LEAK_PATTERN =
  /\bat [\w$.<>]+ \(|node:internal|\/work\/|\/home\/|\/usr\/|[\w-]+\.(ts|js|mjs):\d+|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bUPDATE\b.+\bSET\b|\bsyntax error\b|\brelation "|\bviolates\b.+\bconstraint\b|\bpg_|ECONNREFUSED|Error: /i;
