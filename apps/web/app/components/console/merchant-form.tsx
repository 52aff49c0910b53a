// The merchant form of /console/merchants/new and /console/merchants/:id: name and contact, the
// categories it is filed under, the about text (rich text), and the certification fields
// (docs/decisions.md: the badge shows while certified and insured through today).
import { useState } from 'react';
import { Form } from 'react-router';
import { Field, SelectField } from './field.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';
import { CheckField, FormGroup, OtherErrors, type FormReader } from './catalogue-form-parts.tsx';
import type { CategoryChoice } from '../../lib/console/catalogue-options.ts';

/**
 * The subcategories of the chosen category (a home-pros group's, or a main category's); one chosen
 * before under another category stays listed, so saving never drops it unseen. With JavaScript the
 * list follows the category select at once; without, after saving.
 */
export function SubcategoryPicker({ form, categories, categoryId, hint }: { form: FormReader; categories: readonly CategoryChoice[]; categoryId: string; hint: string }) {
  const chosen = form.list('subcategory_ids');
  const errors = form.errors('subcategory_ids');
  const own = categories.find((c) => String(c.id) === categoryId)?.subcategories ?? [];
  const names = new Map(categories.flatMap((c) => c.subcategories.map((sub) => [String(sub.id), `${sub.name} (${c.name})`] as const)));
  const others = chosen.filter((id) => !own.some((sub) => String(sub.id) === id));
  const options = [...own.map((sub) => ({ value: String(sub.id), label: sub.name })), ...others.map((id) => ({ value: id, label: names.get(id) ?? `#${id}` }))];
  return (
    <div className="console-field cat-wide">
      <label htmlFor="subcategory_ids">Subcategories</label>
      {options.length ? (
        <select id="subcategory_ids" name="subcategory_ids" multiple size={Math.min(8, Math.max(3, options.length))} defaultValue={chosen} aria-describedby="subcategory_ids-hint" aria-invalid={errors ? true : undefined}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : null}
      <span id="subcategory_ids-hint" className="console-hint">
        {options.length ? hint : categoryId ? 'This category has no subcategories.' : 'Choose a category first.'}
      </span>
      {errors ? <span className="console-field-error">{errors.join(' ')}</span> : null}
    </div>
  );
}

export function categoryOptions(categories: readonly CategoryChoice[], empty: string | null) {
  return [...(empty !== null ? [{ value: '', label: empty }] : []), ...categories.map((c) => ({ value: String(c.id), label: c.group === 'Home pros' ? `Home pros: ${c.name}` : c.name }))];
}

export function MerchantForm({ form, categories, edit, badge, submitting }: { form: FormReader; categories: readonly CategoryChoice[]; edit: boolean; badge?: { shown: boolean; why: string }; submitting: boolean }) {
  const [categoryId, setCategoryId] = useState(form.text('category_id'));
  return (
    <Form method="post" className="console-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      {edit ? <input type="hidden" name="version" value={form.text('version')} /> : null}
      <FormGroup title="Merchant">
        <Field label="Name" name="name" defaultValue={form.text('name')} errors={form.errors('name')} required maxLength={200} />
        <Field label="Website" name="website" type="url" defaultValue={form.text('website')} errors={form.errors('website')} hint="http:// or https://" />
        <Field label="Phone" name="phone" type="tel" defaultValue={form.text('phone')} errors={form.errors('phone')} hint="A US number" />
        <SelectField label="Category" name="category_id" defaultValue={form.text('category_id')} errors={form.errors('category_id')} options={categoryOptions(categories, '(none)')} onChange={(e) => setCategoryId(e.target.value)} />
        <SubcategoryPicker form={form} categories={categories} categoryId={categoryId} hint="Ctrl or Cmd to choose several." />
        <CheckField label="Spotlight merchant" name="is_spotlight" defaultChecked={form.on('is_spotlight')} errors={form.errors('is_spotlight')} hint="Shown in the spotlight of the home page." />
      </FormGroup>
      <RichTextEditor name="about" label="About" initialHtml={form.text('about')} errors={form.errors('about')} hint="Shown on the merchant's page." />
      <FormGroup
        title="Certification"
        hint={badge ? <span className={`console-badge ${badge.shown ? 'cat-badge-on' : ''}`}>{badge.shown ? 'Certified badge shown to savers' : 'No certified badge'}</span> : 'Savers see the certified badge while the merchant is certified and insured through today.'}
      >
        {badge ? <p className="console-small cat-wide">{badge.why}</p> : null}
        <CheckField label="Certified" name="is_certified" defaultChecked={form.on('is_certified')} errors={form.errors('is_certified')} />
        <CheckField label="Licensed" name="licensed" defaultChecked={form.on('licensed')} errors={form.errors('licensed')} />
        <CheckField label="Bonded" name="bonded" defaultChecked={form.on('bonded')} errors={form.errors('bonded')} />
        <CheckField label="Insured" name="insured" defaultChecked={form.on('insured')} errors={form.errors('insured')} />
        <Field label="Licence number" name="licence_number" defaultValue={form.text('licence_number')} errors={form.errors('licence_number')} maxLength={100} />
        <Field label="Licence expires on" name="licence_expires_on" type="date" defaultValue={form.text('licence_expires_on')} errors={form.errors('licence_expires_on')} />
        <Field label="Insurance expires on" name="insurance_expires_on" type="date" defaultValue={form.text('insurance_expires_on')} errors={form.errors('insurance_expires_on')} hint="The badge ends after this day." />
      </FormGroup>
      <OtherErrors form={form} />
      <div className="console-actions">
        <button type="submit" className="console-btn" disabled={submitting}>
          {submitting ? 'Saving…' : edit ? 'Save changes' : 'Create merchant'}
        </button>
      </div>
    </Form>
  );
}

