// fast-check arbitraries from the JSON schemas of the OpenAPI document: requests that follow an
// operation's schemas, and requests that break them in one known way (the fuzzing of
// docs/security.md).
import fc from 'fast-check';
import type { JsonSchema, Operation, Parameter, RequestParts } from './operations.ts';

/** The first concrete alternative of a schema (anyOf/oneOf/allOf flattened for generation). */
/** JSON Schema patterns are read with Unicode semantics (\p{L}...), as zod wrote them. */
function patternOf(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

function resolve(schema: JsonSchema): JsonSchema {
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map(resolve), { allOf: undefined }) as JsonSchema;
  return schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null');
  if (t) return t;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  if (schema.enum?.length) return typeof schema.enum[0];
  return undefined;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 200));
  if (schema.pattern) {
    const re = patternOf(schema.pattern);
    if (re) return fc.stringMatching(re).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((s) => s.length >= min && s.length <= (schema.maxLength ?? 254));
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc.date({ min: new Date('1950-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl();
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }).filter((s) => s.length >= min);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const exMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
  let min = schema.minimum ?? (exMin !== undefined ? exMin + (integer ? 1 : 1e-6) : -1e6);
  let max = schema.maximum ?? (exMax !== undefined ? exMax - (integer ? 1 : 1e-6) : 1e6);
  if (schema.exclusiveMinimum === true && schema.minimum !== undefined) min = schema.minimum + (integer ? 1 : 1e-6);
  if (schema.exclusiveMaximum === true && schema.maximum !== undefined) max = schema.maximum - (integer ? 1 : 1e-6);
  if (integer) return fc.integer({ min: Math.ceil(Math.max(min, -2_147_483_648)), max: Math.floor(Math.min(max, 2_147_483_647)) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values that follow `schema`. */
export function valid(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  const s = resolve(schema);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, depth + 1)));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const base = ((): fc.Arbitrary<unknown> => {
    switch (typeOf(s)) {
      case 'string':
        return stringArbitrary(s);
      case 'integer':
        return numberArbitrary(s, true);
      case 'number':
        return numberArbitrary(s, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(valid(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 10) });
      case 'object': {
        const props = s.properties ?? {};
        const required = new Set(s.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(props)) record[k] = valid(v, depth + 1);
        return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      default:
        return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
    }
  })();
  return s.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

/** Query and path values travel as text. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(asText).join(',');
  return String(value);
}

function paramsArbitrary(params: Parameter[]): fc.Arbitrary<{ path: Record<string, string>; query: Record<string, string> }> {
  const path: Record<string, fc.Arbitrary<string>> = {};
  const query: Record<string, fc.Arbitrary<string>> = {};
  for (const p of params) {
    // A path segment cannot be empty.
    const arb = valid(p.schema).map(asText);
    if (p.in === 'path') path[p.name] = arb.filter((v) => v.length > 0);
    else query[p.name] = arb;
  }
  const requiredQuery = params.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  return fc.record({ path: fc.record(path), query: fc.record(query, { requiredKeys: requiredQuery }) });
}

/** Requests that follow the operation's parameter and body schemas. */
export function validRequest(op: Operation): fc.Arbitrary<RequestParts> {
  const body = op.body ? valid(op.body) : fc.constant(undefined);
  return fc.tuple(paramsArbitrary(op.params), body).map(([p, b]) => ({ ...p, ...(b === undefined ? {} : { body: b }) }));
}

/** A value of the wrong kind for `schema` (never valid against it). */
function wrongKind(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (typeOf(resolve(schema))) {
    case 'string':
      return fc.oneof(fc.integer(), fc.boolean(), fc.constant({ $gt: '' }), fc.array(fc.integer(), { minLength: 1, maxLength: 3 }));
    case 'integer':
    case 'number':
      return fc.oneof(fc.constant('twelve'), fc.boolean(), fc.constant({}), fc.constant([1, 2]));
    case 'boolean':
      return fc.oneof(fc.constant('maybe'), fc.constant({}), fc.constant([true]));
    case 'array':
      return fc.oneof(fc.constant({ length: 1 }), fc.integer());
    case 'object':
      return fc.oneof(fc.constant('text'), fc.integer(), fc.constant([]));
    default:
      return fc.constant(undefined);
  }
}

/** Ways a single text parameter can break its schema; empty when any text is valid. */
export function invalidText(schema: JsonSchema): fc.Arbitrary<string>[] {
  const s = resolve(schema);
  const out: fc.Arbitrary<string>[] = [];
  const t = typeOf(s);
  if (s.enum?.length) out.push(fc.string({ minLength: 1, maxLength: 12 }).filter((v) => !s.enum!.map(String).includes(v)));
  if (t === 'integer' || t === 'number') {
    out.push(fc.constantFrom('abc', '1e999x', '--1', '0x', 'NaN', '{}', '1,2'));
    if (t === 'integer') out.push(fc.constantFrom('1.5', '2.25'));
    if (s.maximum !== undefined) out.push(fc.integer({ min: 1, max: 1e6 }).map((d) => String(s.maximum! + d)));
    if (s.minimum !== undefined) out.push(fc.integer({ min: 1, max: 1e6 }).map((d) => String(s.minimum! - d)));
  }
  if (t === 'string') {
    if (s.maxLength !== undefined && s.maxLength < 5000) out.push(fc.string({ minLength: s.maxLength + 1, maxLength: s.maxLength + 50 }).filter((v) => v.length > s.maxLength!));
    if (s.pattern) {
      const re = patternOf(s.pattern);
      if (re) out.push(fc.string({ minLength: 1, maxLength: 20 }).filter((v) => !re.test(v) && v.length >= (s.minLength ?? 0)));
    }
  }
  return out;
}

/** Ways a body can break its schema. */
function invalidBody(schema: JsonSchema): fc.Arbitrary<RequestParts['body'] | { raw: string; type?: string }>[] {
  const s = resolve(schema);
  const out: fc.Arbitrary<unknown>[] = [];
  // Not an object at all, or not JSON at all.
  out.push(fc.constantFrom<unknown>([], 'text', 42, true));
  out.push(fc.constantFrom('{', '{"a":', 'nul', '[1,', '{"x":1}}', "{'a':1}").map((raw) => ({ raw })));
  out.push(fc.constant({ raw: 'email=a@b.c', type: 'application/x-www-form-urlencoded' }));
  const props = s.properties ?? {};
  const required = s.required ?? [];
  const validObject = valid(s) as fc.Arbitrary<Record<string, unknown>>;
  if (required.length) {
    out.push(fc.tuple(validObject, fc.constantFrom(...required)).map(([o, k]) => {
      const copy = { ...o };
      delete copy[k];
      return copy;
    }));
  }
  const keys = Object.keys(props);
  const breakable = keys.filter((k) => typeOf(resolve(props[k]!)) !== undefined);
  if (breakable.length) {
    out.push(fc.tuple(validObject, fc.constantFrom(...breakable)).chain(([o, k]) => wrongKind(props[k]!).map((bad) => ({ ...o, [k]: bad }))));
    const textual = breakable.filter((k) => invalidText(props[k]!).length);
    if (textual.length) {
      out.push(fc.tuple(validObject, fc.constantFrom(...textual)).chain(([o, k]) => fc.oneof(...invalidText(props[k]!)).map((bad) => ({ ...o, [k]: bad }))));
    }
  }
  return out as fc.Arbitrary<RequestParts['body'] | { raw: string; type?: string }>[];
}

/**
 * Requests that break the operation's schemas in one way, or none when no input can be invalid
 * (an operation without required input whose parameters take any text).
 */
export function invalidRequest(op: Operation): fc.Arbitrary<RequestParts> | undefined {
  const base = paramsArbitrary(op.params);
  const cases: fc.Arbitrary<RequestParts>[] = [];
  const validBody = op.body ? valid(op.body) : fc.constant(undefined);
  for (const p of op.params) {
    const bad = invalidText(p.schema);
    if (!bad.length) continue;
    cases.push(
      fc.tuple(base, fc.oneof(...bad), validBody).map(([parts, value, body]) => {
        const copy = { path: { ...parts.path }, query: { ...parts.query }, ...(body === undefined ? {} : { body }) };
        (p.in === 'path' ? copy.path : copy.query)[p.name] = value;
        return copy;
      }),
    );
  }
  for (const p of op.params.filter((q) => q.in === 'query' && q.required)) {
    cases.push(base.map((parts) => {
      const query = { ...parts.query };
      delete query[p.name];
      return { path: parts.path, query };
    }));
  }
  if (op.body) {
    for (const badBody of invalidBody(op.body)) {
      cases.push(
        fc.tuple(base, badBody).map(([parts, b]) =>
          b && typeof b === 'object' && 'raw' in (b as object) && typeof (b as { raw: unknown }).raw === 'string'
            ? { ...parts, rawBody: (b as { raw: string }).raw, contentType: (b as { type?: string }).type ?? 'application/json' }
            : { ...parts, body: b },
        ),
      );
    }
  }
  return cases.length ? fc.oneof(...cases) : undefined;
}

/** The text inputs of an operation (query/path parameters and top-level string body fields). */
export function textInputs(op: Operation): { where: 'path' | 'query' | 'body'; name: string }[] {
  const out: { where: 'path' | 'query' | 'body'; name: string }[] = [];
  for (const p of op.params) out.push({ where: p.in as 'path' | 'query', name: p.name });
  const props = op.body ? resolve(op.body).properties ?? {} : {};
  for (const [name, schema] of Object.entries(props)) if (typeOf(resolve(schema)) === 'string' || !typeOf(resolve(schema))) out.push({ where: 'body', name });
  return out;
}
