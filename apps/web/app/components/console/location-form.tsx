// The location form of /console/merchants/:id/locations/new and /console/locations/:id: the
// address (geocoded by the API to a point and a market), the phone, opening hours per weekday (up
// to three ranges a day), and the pin's lat/lng, typed to correct the point by hand.
import { Form } from 'react-router';
import { Field } from './field.tsx';
import { FormGroup, OtherErrors, type FormReader } from './catalogue-form-parts.tsx';

export const DAYS = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
] as const;
const RANGES = 3;

export function DayHours({ form, day, label }: { form: FormReader; day: string; label: string }) {
  const errors: string[] = [];
  for (const key of [`opening_hours.${day}`, ...Array.from({ length: RANGES }, (_, i) => [`opening_hours.${day}.${i}`, `opening_hours.${day}.${i}.open`, `opening_hours.${day}.${i}.close`]).flat()]) {
    errors.push(...(form.errors(key) ?? []));
  }
  const errorId = `hours-${day}-error`;
  return (
    <fieldset className="cat-day" aria-describedby={errors.length ? errorId : undefined}>
      <legend>{label}</legend>
      <div className="cat-ranges">
        {Array.from({ length: RANGES }, (_, i) => (
          <span key={i} className="cat-range">
            <input
              type="text"
              inputMode="numeric"
              name={`hours.${day}.${i}.open`}
              defaultValue={form.text(`hours.${day}.${i}.open`)}
              aria-label={`${label}, range ${i + 1}: opens`}
              aria-invalid={errors.length ? true : undefined}
              size={5}
              maxLength={5}
            />
            <span aria-hidden="true">–</span>
            <input
              type="text"
              inputMode="numeric"
              name={`hours.${day}.${i}.close`}
              defaultValue={form.text(`hours.${day}.${i}.close`)}
              aria-label={`${label}, range ${i + 1}: closes`}
              aria-invalid={errors.length ? true : undefined}
              size={5}
              maxLength={5}
            />
          </span>
        ))}
      </div>
      {errors.length ? (
        <span id={errorId} className="console-field-error">
          {[...new Set(errors)].join(' ')}
        </span>
      ) : null}
    </fieldset>
  );
}

export function LocationForm({ form, edit, submitting }: { form: FormReader; edit: boolean; submitting: boolean }) {
  return (
    <Form method="post" className="console-form" noValidate>
      {edit ? <input type="hidden" name="version" value={form.text('version')} /> : null}
      <input type="hidden" name="lat_was" value={form.text('lat_was')} />
      <input type="hidden" name="lng_was" value={form.text('lng_was')} />
      <FormGroup title="Address" hint="We place the pin from the city (or else the ZIP code) and file the location under the market around it.">
        <Field label="Location name" name="display_name" defaultValue={form.text('display_name')} errors={form.errors('display_name')} required maxLength={200} hint="e.g. Downtown" />
        <Field label="Street address" name="address" defaultValue={form.text('address')} errors={form.errors('address')} required maxLength={200} autoComplete="off" />
        <Field label="Address line 2" name="address2" defaultValue={form.text('address2')} errors={form.errors('address2')} maxLength={200} />
        <Field label="City" name="city" defaultValue={form.text('city')} errors={form.errors('city')} required maxLength={100} />
        <Field label="State" name="state" defaultValue={form.text('state')} errors={form.errors('state')} required maxLength={2} hint="Two letters, e.g. MN" className="cat-short" />
        <Field label="ZIP code" name="zip" defaultValue={form.text('zip')} errors={form.errors('zip')} required inputMode="numeric" maxLength={10} className="cat-short" />
        <Field label="Phone" name="phone" type="tel" defaultValue={form.text('phone')} errors={form.errors('phone')} hint="A US number" />
      </FormGroup>
      <FormGroup title="Opening hours" hint="Up to three ranges a day as HH:MM (24-hour clock, 24:00 for midnight). A day left empty is closed; all empty: hours not shown.">
        <div className="cat-wide cat-hours">
          {DAYS.map(([day, label]) => (
            <DayHours key={day} form={form} day={day} label={label} />
          ))}
        </div>
        {form.errors('opening_hours') ? <span className="console-field-error cat-wide">{form.errors('opening_hours')!.join(' ')}</span> : null}
      </FormGroup>
      <FormGroup title="Map pin" hint={edit ? 'The point found for the address. Type a new latitude and longitude to move the pin; it then wins over the address.' : 'Leave empty to place the pin from the address, or type both to place it yourself.'}>
        <Field label="Latitude" name="lat" defaultValue={form.text('lat')} errors={form.errors('lat')} inputMode="decimal" className="cat-short" />
        <Field label="Longitude" name="lng" defaultValue={form.text('lng')} errors={form.errors('lng')} inputMode="decimal" className="cat-short" />
      </FormGroup>
      <OtherErrors form={form} />
      <div className="console-actions">
        <button type="submit" className="console-btn" disabled={submitting}>
          {submitting ? 'Saving…' : edit ? 'Save location' : 'Add location'}
        </button>
      </div>
    </Form>
  );
}
