// The offer form of /console/offers/new and /console/offers/:id: where (merchant and location),
// what (category, name, description), when (dates), how it prints (max prints, code, external
// link), the terms (rich text), the kind (offer, car lease or purchase), featured, and the
// structured fine print (@market/domain/fine-print), whose wording savers read on the card's modal
// and the printed coupon.
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { Field, SelectField } from './field.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { CheckField, FormGroup, OtherErrors, type FormReader } from './catalogue-form-parts.tsx';
import { categoryOptions, SubcategoryPicker } from './merchant-form.tsx';
import { SECONDARY_TYPE_OPTIONS, type CategoryChoice } from '../../lib/console/catalogue-options.ts';

const DAYS = [
  ['mon', 'Mon'],
  ['tue', 'Tue'],
  ['wed', 'Wed'],
  ['thu', 'Thu'],
  ['fri', 'Fri'],
  ['sat', 'Sat'],
  ['sun', 'Sun'],
] as const;

export interface OfferMerchant {
  id: number;
  name: string;
  locations: Array<{ id: number; label: string }>;
}

/**
 * `business`: the business centre's form (docs/api.md "Merchant centre"): the merchant is the
 * page's, never changed here, and Featured is staff's choice, so neither shows.
 */
export function OfferForm({
  form,
  merchant,
  categories,
  edit,
  submitting,
  changeMerchantHref,
  business = false,
}: {
  form: FormReader;
  merchant: OfferMerchant;
  categories: readonly CategoryChoice[];
  edit: boolean;
  submitting: boolean;
  changeMerchantHref: string;
  business?: boolean;
}) {
  const dayErrors = form.errors('fine_print.days');
  const [categoryId, setCategoryId] = useState(form.text('category_id'));
  return (
    <Form method="post" className="console-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      {edit ? <input type="hidden" name="version" value={form.text('version')} /> : null}
      {business ? null : <input type="hidden" name="merchant_id" value={String(merchant.id)} />}
      <FormGroup title="Where">
        {business ? null : (
        <div className="console-field">
          <span className="console-label">Merchant</span>
          <span>
            <Link to={`/console/merchants/${merchant.id}`}>{merchant.name}</Link> <span className="console-muted console-small">(id {merchant.id})</span>{' '}
            <Link to={changeMerchantHref} className="console-small">
              Change merchant
            </Link>
          </span>
          {form.errors('merchant_id') ? <span className="console-field-error">{form.errors('merchant_id')!.join(' ')}</span> : null}
        </div>
        )}
        {merchant.locations.length ? (
          <SelectField label="Location" name="location_id" defaultValue={form.text('location_id')} errors={form.errors('location_id')} options={[{ value: '', label: 'Choose a location' }, ...merchant.locations.map((l) => ({ value: String(l.id), label: l.label }))]} />
        ) : business ? (
          <p className="console-alert console-alert-warning">Your business has no location yet. Ask LocalSaver to add one first.</p>
        ) : (
          <p className="console-alert console-alert-warning">
            This merchant has no location yet. <Link to={`/console/merchants/${merchant.id}/locations/new`}>Add one</Link> first.
          </p>
        )}
      </FormGroup>
      <FormGroup title="Offer">
        <div className="cat-wide">
          <Field label="Name" name="name" defaultValue={form.text('name')} errors={form.errors('name')} required maxLength={200} hint="The headline savers read, e.g. “20% off any large pizza”." />
        </div>
        <SelectField label="Category" name="category_id" defaultValue={form.text('category_id')} errors={form.errors('category_id')} options={categoryOptions(categories, 'Choose a category')} onChange={(e) => setCategoryId(e.target.value)} />
        <SelectField label="Kind" name="secondary_type" defaultValue={form.text('secondary_type') || 'other'} errors={form.errors('secondary_type')} options={SECONDARY_TYPE_OPTIONS} hint="Car lease and purchase offers show their picture and, in Michigan, the lease form." />
        <SubcategoryPicker form={form} categories={categories} categoryId={categoryId} hint="Ctrl or Cmd to choose several." />
        {business ? null : <CheckField label="Featured" name="is_featured" defaultChecked={form.on('is_featured')} errors={form.errors('is_featured')} hint="Shown first, with the Featured ribbon." />}
      </FormGroup>
      <RichTextEditor name="description" label="Description" initialHtml={form.text('description')} errors={form.errors('description')} hint="The offer's details, shown in its modal and on the coupon." />
      <FormGroup title="Dates and printing">
        <Field label="First valid day" name="starts_at" type="date" defaultValue={form.text('starts_at')} errors={form.errors('starts_at')} hint="Empty: valid as soon as it is published." />
        <Field label="Last valid day" name="expires_at" type="date" defaultValue={form.text('expires_at')} errors={form.errors('expires_at')} required />
        <Field label="Prints per member" name="max_prints" type="number" min={1} max={10} defaultValue={form.text('max_prints') || '3'} errors={form.errors('max_prints')} className="cat-short" hint="1 to 10." />
        <Field label="Coupon code" name="code" defaultValue={form.text('code')} errors={form.errors('code')} maxLength={32} className="cat-short" hint="Empty: a code is made from the offer's id." />
        <div className="cat-wide">
          <Field label="Redeem online at" name="external_offer_url" type="url" defaultValue={form.text('external_offer_url')} errors={form.errors('external_offer_url')} hint="Optional: the “Redeem Online” link (http:// or https://)." />
        </div>
      </FormGroup>
      <FormGroup title="Value" hint="The badge savers see on the card, the modal and the printed coupon (“$5 off”, “20% off”, “BOGO”, “$19.99”, “Free dessert”); it also ranks the offer under “Biggest saving”.">
        <SelectField
          label="Kind of value"
          name="value.kind"
          defaultValue={form.text('value.kind')}
          errors={form.errors('value.kind') ?? form.errors('value')}
          options={[
            { value: '', label: '(no value)' },
            { value: 'amount_off', label: 'Amount off ($5 off)' },
            { value: 'percent_off', label: 'Percent off (20% off)' },
            { value: 'bogo', label: 'Buy one, get one free (BOGO)' },
            { value: 'price', label: 'A price ($19.99)' },
            { value: 'free_item', label: 'A free item (Free dessert)' },
          ]}
        />
        <Field
          label="Amount or price ($)"
          name="value.amount"
          inputMode="decimal"
          defaultValue={form.text('value.amount')}
          errors={[...(form.errors('value.amount_cents') ?? []), ...(form.errors('value.price_cents') ?? [])]}
          className="cat-short"
          hint="For amount off and price."
        />
        <Field label="Percent off" name="value.percent" inputMode="numeric" defaultValue={form.text('value.percent')} errors={form.errors('value.percent')} className="cat-short" hint="1 to 100." />
        <Field label="Free item" name="value.item" defaultValue={form.text('value.item')} errors={form.errors('value.item')} maxLength={60} className="cat-short" hint="e.g. “dessert”." />
        <Field
          label="Regular price ($)"
          name="value.regular_price"
          inputMode="decimal"
          defaultValue={form.text('value.regular_price')}
          errors={form.errors('value.regular_price_cents')}
          className="cat-short"
          hint="Optional: what the saving is measured against."
        />
      </FormGroup>
      <FormGroup title="Fine print" hint="Picked here, worded the same on the modal and the printed coupon.">
        <fieldset className="cat-days cat-wide" aria-describedby={dayErrors ? 'fp-days-error' : undefined}>
          <legend>Valid on</legend>
          {DAYS.map(([value, label]) => (
            <label key={value}>
              <input type="checkbox" name="fine_print.days" value={value} defaultChecked={form.list('fine_print.days').includes(value)} />
              {label}
            </label>
          ))}
          {dayErrors ? (
            <span id="fp-days-error" className="console-field-error">
              {dayErrors.join(' ')}
            </span>
          ) : null}
        </fieldset>
        <Field label="Valid from (time)" name="fine_print.hours.from" type="time" defaultValue={form.text('fine_print.hours.from')} errors={[...(form.errors('fine_print.hours') ?? []), ...(form.errors('fine_print.hours.from') ?? [])]} className="cat-short" />
        <Field label="Valid until (time)" name="fine_print.hours.to" type="time" defaultValue={form.text('fine_print.hours.to')} errors={form.errors('fine_print.hours.to')} className="cat-short" />
        <Field label="Minimum purchase ($)" name="fine_print.min_purchase" inputMode="decimal" defaultValue={form.text('fine_print.min_purchase')} errors={form.errors('fine_print.min_purchase_cents')} className="cat-short" />
        <SelectField
          label="Service"
          name="fine_print.service"
          defaultValue={form.text('fine_print.service')}
          errors={form.errors('fine_print.service')}
          options={[
            { value: '', label: '(not stated)' },
            { value: 'dine_in', label: 'Dine-in only' },
            { value: 'takeout', label: 'Takeout only' },
            { value: 'both', label: 'Dine-in or takeout' },
          ]}
        />
        <SelectField
          label="Limit"
          name="fine_print.limit"
          defaultValue={form.text('fine_print.limit')}
          errors={form.errors('fine_print.limit')}
          options={[
            { value: '', label: '(no limit stated)' },
            { value: 'one_per_household', label: 'One per household' },
            { value: 'one_per_visit', label: 'One per visit' },
            { value: 'one_per_customer', label: 'One per customer' },
          ]}
        />
        <CheckField label="New customers only" name="fine_print.new_customers_only" defaultChecked={form.on('fine_print.new_customers_only')} errors={form.errors('fine_print.new_customers_only')} />
        <div className="cat-wide">
          <Field label="Excludes" name="fine_print.exclusions" defaultValue={form.text('fine_print.exclusions')} errors={form.errors('fine_print.exclusions')} maxLength={300} hint="e.g. “alcohol, gift cards”." />
        </div>
        {form.errors('fine_print') ? <span className="console-field-error cat-wide">{form.errors('fine_print')!.join(' ')}</span> : null}
      </FormGroup>
      <RichTextEditor name="retailer_terms" label="Retailer terms" initialHtml={form.text('retailer_terms')} errors={form.errors('retailer_terms')} />
      <RichTextEditor name="consumer_terms" label="Consumer terms" initialHtml={form.text('consumer_terms')} errors={form.errors('consumer_terms')} />
      <OtherErrors form={form} />
      <div className="console-actions">
        <button type="submit" className="console-btn" disabled={submitting}>
          {submitting ? 'Saving…' : edit ? (business ? 'Save draft' : 'Save changes') : 'Create draft'}
        </button>
        {!edit ? <span className="console-muted console-small">{business ? 'A new offer is a draft: submit it for review; savers see it once LocalSaver approves it.' : 'A new offer is a draft: savers see it once it is published.'}</span> : null}
      </div>
    </Form>
  );
}
