// The console's merchant, location and offer forms on the server: the posted fields turned into the
// API's request body, checked with the same domain schemas the API parses with (one set of
// messages, SPEC.md 8), and the failure a form shows beside its fields. Field names are the API's
// (dotted for nested parts, `fine_print.hours.to`, `opening_hours.mon.0.close`), so a 400 from the
// API lands beside the same control as a local check does.
import type { z } from 'zod';
import { WEEKDAYS, OPENING_RANGES_MAX, locationCreateSchema, locationUpdateSchema, merchantCreateSchema, merchantUpdateSchema } from '@market/domain/validation/console-merchants';
import { offerCreateSchema, offerUpdateSchema } from '@market/domain/validation/console-offers';
import type { FinePrint } from '@market/domain/fine-print';
import type { ConsoleLocationOut, ConsoleMerchantOut } from '@market/domain/api/console-merchants';
import type { ConsoleOffer } from '@market/domain/api/console-offers';
import { formText } from './form-values.server.ts';
import type { ConsoleFailure } from './console-api.server.ts';

export type FieldErrors = Record<string, string[]>;

/** zod issues as the API words them: the dotted path -> its messages (apps/api/src/lib/errors.ts). */
export function issuesToFields(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'detail';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The body when it passes `schema`, else the fields to show. */
export function checkBody(schema: z.ZodType, body: Record<string, unknown>): { ok: true } | { ok: false; fields: FieldErrors } {
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true } : { ok: false, fields: issuesToFields(parsed.error.issues) };
}

/** A whole number as typed, or the text itself (so the schema names the field) when it is not one. */
function numberOrText(value: string): number | string | null {
  const t = value.trim();
  if (t === '') return null;
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/** A decimal (a pin's latitude) as typed, or the text when it is not one; null when empty. */
function decimalOrText(value: string): number | string | null {
  const t = value.trim();
  if (t === '') return null;
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : t;
}

function checked(form: FormData, name: string): boolean {
  const v = formText(form, name);
  return v === 'on' || v === '1' || v === 'true';
}

function ids(form: FormData, name: string): Array<number | string> {
  return form
    .getAll(name)
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => numberOrText(v)!);
}

function version(form: FormData): number | string | null {
  return numberOrText(formText(form, 'version'));
}

// -------------------------------------------------------------------------------------------------
// Merchants

/** The merchant form as the API's body (every field: the form shows them all). */
export function merchantBody(form: FormData, { edit }: { edit: boolean }): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: formText(form, 'name'),
    about: formText(form, 'about'),
    website: formText(form, 'website'),
    phone: formText(form, 'phone'),
    category_id: numberOrText(formText(form, 'category_id')),
    subcategory_ids: ids(form, 'subcategory_ids'),
    is_certified: checked(form, 'is_certified'),
    licensed: checked(form, 'licensed'),
    bonded: checked(form, 'bonded'),
    insured: checked(form, 'insured'),
    licence_number: formText(form, 'licence_number'),
    licence_expires_on: formText(form, 'licence_expires_on') || null,
    insurance_expires_on: formText(form, 'insurance_expires_on') || null,
    is_spotlight: checked(form, 'is_spotlight'),
  };
  if (edit) body.version = version(form);
  return body;
}

export const merchantSchema = (edit: boolean) => (edit ? merchantUpdateSchema : merchantCreateSchema);

// -------------------------------------------------------------------------------------------------
// Locations

export interface HoursRow {
  open: string;
  close: string;
}
/** The opening-hours part of the location form: three range rows a day (`hours.mon.0.open`). */
export type HoursValues = Record<string, HoursRow[]>;

/** Opening hours from the form: the filled ranges of each day; null when no day has one (closed / unknown). */
export function openingHours(form: FormData): Record<string, HoursRow[]> | null {
  const out: Record<string, HoursRow[]> = {};
  for (const day of WEEKDAYS) {
    const ranges: HoursRow[] = [];
    for (let i = 0; i < OPENING_RANGES_MAX; i += 1) {
      const open = formText(form, `hours.${day}.${i}.open`).trim();
      const close = formText(form, `hours.${day}.${i}.close`).trim();
      if (open || close) ranges.push({ open, close });
    }
    if (ranges.length) out[day] = ranges;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * The location form as the API's body. The pin (lat/lng) goes only when the staff member typed a
 * new one: sending it tells the API the pin wins over the address (`geocode.matched: 'pin'`).
 */
export function locationBody(form: FormData, { edit }: { edit: boolean }): Record<string, unknown> {
  const body: Record<string, unknown> = {
    display_name: formText(form, 'display_name'),
    address: formText(form, 'address'),
    address2: formText(form, 'address2'),
    city: formText(form, 'city'),
    state: formText(form, 'state').trim().toUpperCase(),
    zip: formText(form, 'zip'),
    phone: formText(form, 'phone'),
    opening_hours: openingHours(form),
  };
  const lat = formText(form, 'lat').trim();
  const lng = formText(form, 'lng').trim();
  const moved = lat !== formText(form, 'lat_was').trim() || lng !== formText(form, 'lng_was').trim();
  if ((lat || lng) && moved) {
    body.lat = decimalOrText(lat) ?? undefined;
    body.lng = decimalOrText(lng) ?? undefined;
  }
  if (edit) body.version = version(form);
  return body;
}

export const locationSchema = (edit: boolean) => (edit ? locationUpdateSchema : locationCreateSchema);

// -------------------------------------------------------------------------------------------------
// Offers

export const MIN_PURCHASE_FIELD = 'fine_print.min_purchase_cents';
export const MIN_PURCHASE_INVALID = 'Enter the minimum purchase in dollars, e.g. 25 or 25.50.';

/** The structured fine print of the offer form; null when nothing is chosen. */
function finePrint(form: FormData, fields: FieldErrors): FinePrint | null {
  const raw: Record<string, unknown> = {};
  const days = form.getAll('fine_print.days').filter((d): d is string => typeof d === 'string');
  if (days.length) raw.days = days;
  const from = formText(form, 'fine_print.hours.from').trim();
  const to = formText(form, 'fine_print.hours.to').trim();
  if (from || to) raw.hours = { from, to };
  const dollars = formText(form, 'fine_print.min_purchase').trim().replace(/^\$/, '').replace(/,/g, '');
  if (dollars) {
    if (/^\d+(\.\d{1,2})?$/.test(dollars)) raw.min_purchase_cents = Math.round(Number(dollars) * 100);
    else fields[MIN_PURCHASE_FIELD] = [MIN_PURCHASE_INVALID];
  }
  if (checked(form, 'fine_print.new_customers_only')) raw.new_customers_only = true;
  const service = formText(form, 'fine_print.service');
  if (service) raw.service = service;
  const limit = formText(form, 'fine_print.limit');
  if (limit) raw.limit = limit;
  const exclusions = formText(form, 'fine_print.exclusions').trim();
  if (exclusions) raw.exclusions = exclusions;
  return Object.keys(raw).length ? (raw as FinePrint) : null;
}

export const VALUE_DOLLARS_INVALID = 'Enter the amount in dollars, e.g. 5 or 2.50.';

/** Dollars as typed ('$1,250.50') in cents; undefined (and a problem under `field`) when unreadable. */
function dollarsField(form: FormData, name: string, field: string, fields: FieldErrors, required: boolean): number | undefined {
  const dollars = formText(form, name).trim().replace(/^\$/, '').replace(/,/g, '');
  if (!dollars && !required) return undefined;
  if (/^\d+(\.\d{1,2})?$/.test(dollars)) return Math.round(Number(dollars) * 100);
  fields[field] = [VALUE_DOLLARS_INVALID];
  return undefined;
}

/** The structured value of the offer form (@market/domain/offer-value); null when no kind is chosen. */
function offerValue(form: FormData, fields: FieldErrors): Record<string, unknown> | null {
  const kind = formText(form, 'value.kind').trim();
  if (!kind) return null;
  const raw: Record<string, unknown> = { kind };
  if (kind === 'amount_off') raw.amount_cents = dollarsField(form, 'value.amount', 'value.amount_cents', fields, true);
  if (kind === 'price') raw.price_cents = dollarsField(form, 'value.amount', 'value.price_cents', fields, true);
  if (kind === 'percent_off') raw.percent = numberOrText(formText(form, 'value.percent').trim());
  if (kind === 'free_item') raw.item = formText(form, 'value.item');
  const regular = dollarsField(form, 'value.regular_price', 'value.regular_price_cents', fields, false);
  if (regular !== undefined) raw.regular_price_cents = regular;
  return raw;
}

/** The offer form as the API's body, and the problems found before the schema (a dollar amount). */
export function offerBody(form: FormData, { edit }: { edit: boolean }): { body: Record<string, unknown>; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const body: Record<string, unknown> = {
    merchant_id: numberOrText(formText(form, 'merchant_id')),
    location_id: numberOrText(formText(form, 'location_id')),
    category_id: numberOrText(formText(form, 'category_id')),
    subcategory_ids: ids(form, 'subcategory_ids'),
    name: formText(form, 'name'),
    description: formText(form, 'description'),
    starts_at: formText(form, 'starts_at').trim() || null,
    expires_at: formText(form, 'expires_at').trim() || null,
    max_prints: numberOrText(formText(form, 'max_prints')),
    code: formText(form, 'code'),
    external_offer_url: formText(form, 'external_offer_url'),
    retailer_terms: formText(form, 'retailer_terms'),
    consumer_terms: formText(form, 'consumer_terms'),
    secondary_type: formText(form, 'secondary_type') || 'other',
    is_featured: checked(form, 'is_featured'),
    fine_print: finePrint(form, fields),
    value: offerValue(form, fields),
  };
  if (edit) body.version = version(form);
  return { body, fields };
}

export const offerSchema = (edit: boolean) => (edit ? offerUpdateSchema : offerCreateSchema);

/** What the offer form re-shows after a refusal: the posted text, field by field (dollars as typed). */
export function postedValues(form: FormData): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === 'string');
    out[key] = all.length > 1 || key.endsWith('_ids') || key === 'fine_print.days' ? all : (all[0] ?? '');
  }
  return out;
}

// -------------------------------------------------------------------------------------------------
// A record as the form's values (the same shape as a posted form: text, or a list for multiples)

export type FormValues = Record<string, string | string[]>;

const flag = (v: boolean) => (v ? 'on' : '');

export function merchantValues(m: ConsoleMerchantOut): FormValues {
  return {
    name: m.name,
    about: m.about,
    website: m.website ?? '',
    phone: m.phone ?? '',
    category_id: m.category ? String(m.category.id) : '',
    subcategory_ids: m.subcategories.map((c) => String(c.id)),
    is_certified: flag(m.is_certified),
    licensed: flag(m.licensed),
    bonded: flag(m.bonded),
    insured: flag(m.insured),
    licence_number: m.licence_number ?? '',
    licence_expires_on: m.licence_expires_on ?? '',
    insurance_expires_on: m.insurance_expires_on ?? '',
    is_spotlight: flag(m.is_spotlight),
    version: String(m.version),
  };
}

export function locationValues(l: ConsoleLocationOut): FormValues {
  const out: FormValues = {
    display_name: l.display_name,
    address: l.address,
    address2: l.address2,
    city: l.city,
    state: l.state,
    zip: l.zip,
    phone: l.phone ?? '',
    lat: String(l.lat),
    lng: String(l.lng),
    lat_was: String(l.lat),
    lng_was: String(l.lng),
    version: String(l.version),
  };
  for (const [day, ranges] of Object.entries(l.opening_hours ?? {})) {
    ranges.forEach((r, i) => {
      out[`hours.${day}.${i}.open`] = r.open;
      out[`hours.${day}.${i}.close`] = r.close;
    });
  }
  return out;
}

function centsAsDollars(cents: number | undefined): string {
  if (!cents) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

export function offerValues(o: ConsoleOffer): FormValues {
  const fp = o.fine_print ?? {};
  const v = o.value;
  return {
    merchant_id: String(o.merchant.id),
    location_id: String(o.location.id),
    category_id: String(o.category_id),
    subcategory_ids: o.subcategory_ids.map(String),
    name: o.name,
    description: o.description,
    starts_at: o.starts_at?.slice(0, 10) ?? '',
    expires_at: o.expires_at.slice(0, 10),
    max_prints: String(o.max_prints),
    code: o.code,
    external_offer_url: o.external_offer_url,
    retailer_terms: o.retailer_terms,
    consumer_terms: o.consumer_terms,
    secondary_type: o.secondary_type,
    is_featured: flag(o.is_featured),
    'fine_print.days': fp.days ?? [],
    'fine_print.hours.from': fp.hours?.from ?? '',
    'fine_print.hours.to': fp.hours?.to ?? '',
    'fine_print.min_purchase': centsAsDollars(fp.min_purchase_cents),
    'fine_print.new_customers_only': flag(fp.new_customers_only === true),
    'fine_print.service': fp.service ?? '',
    'fine_print.limit': fp.limit ?? '',
    'fine_print.exclusions': fp.exclusions ?? '',
    'value.kind': v?.kind ?? '',
    'value.amount': centsAsDollars(v?.kind === 'amount_off' ? v.amount_cents : v?.kind === 'price' ? v.price_cents : undefined),
    'value.percent': v?.kind === 'percent_off' ? String(v.percent) : '',
    'value.item': v?.kind === 'free_item' ? v.item : '',
    'value.regular_price': centsAsDollars(v?.regular_price_cents),
    version: String(o.version),
  };
}

// -------------------------------------------------------------------------------------------------
// What a refused save hands back to its form

export interface FormFailure {
  ok: false;
  message: string | null;
  fields: FieldErrors;
  /** The form as posted, to show again. */
  values: FormValues;
  /** A 409: the record as saved now, as form values, and its version (the form carries it from then on). */
  conflict: { message: string; theirs: FormValues; version: string } | null;
}

export function refusedForm(values: FormValues, fields: FieldErrors, message: string | null = null): FormFailure {
  return { ok: false, message, fields, values, conflict: null };
}

/** The API's refusal for the form: field messages, or the other side of a conflict. */
export function failedForm<T>(values: FormValues, failure: ConsoleFailure, asValues: (current: T) => FormValues, currentSchema: z.ZodType<T>): FormFailure {
  if (failure.kind === 'invalid') return refusedForm(values, failure.fields, failure.message);
  const parsed = currentSchema.safeParse(failure.current);
  if (!parsed.success) return refusedForm(values, {}, failure.message);
  const theirs = asValues(parsed.data);
  return { ok: false, message: null, fields: {}, values: { ...values, version: theirs.version ?? '' }, conflict: { message: failure.message, theirs, version: String(theirs.version ?? '') } };
}
