// The audit log's before/after (plain JSON of the API's shape) as a field-by-field comparison:
// one row per top-level field of either side, each value written readably, and whether it changed.
// Shared by the browser and the server (pure).

export interface AuditDiffRow {
  field: string;
  before: string;
  after: string;
  /** Present in both and different, or present on one side only (a create or a delete). */
  changed: boolean;
  /** The value is a structure written as indented JSON (shown in a <pre>). */
  block: boolean;
}

const ABSENT = '—';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as a person reads it: text as is, lists of plain values joined, structures as indented JSON. */
export function readableValue(value: unknown): { text: string; block: boolean } {
  if (value === undefined) return { text: ABSENT, block: false };
  if (value === null) return { text: 'null', block: false };
  if (value === '') return { text: '(empty)', block: false };
  if (typeof value === 'string') return { text: value, block: value.length > 80 || value.includes('\n') };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value), block: false };
  if (Array.isArray(value) && value.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
    return { text: value.length ? value.map((v) => String(v)).join(', ') : '(none)', block: false };
  }
  return { text: JSON.stringify(value, null, 2), block: true };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Both sides, field by field (fields in the order they first appear, before's then after's). */
export function auditDiff(before: unknown, after: unknown): AuditDiffRow[] {
  const b = isPlainObject(before) ? before : before === null || before === undefined ? {} : { value: before };
  const a = isPlainObject(after) ? after : after === null || after === undefined ? {} : { value: after };
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => {
    const left = readableValue(field in b ? b[field] : undefined);
    const right = readableValue(field in a ? a[field] : undefined);
    return { field, before: left.text, after: right.text, changed: !same(b[field], a[field]), block: left.block || right.block };
  });
}
