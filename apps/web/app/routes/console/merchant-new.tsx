// /console/merchants/new: the empty merchant form (POST /api/console/merchants/); once made, the
// merchant's own page, where its locations, logo and photo are added.
import { Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/merchant-new';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { formReader } from '../../components/console/catalogue-form-parts.tsx';
import { MerchantForm } from '../../components/console/merchant-form.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { checkBody, failedForm, merchantBody, merchantSchema, merchantValues, postedValues, refusedForm } from '../../lib/console/catalogue-forms.server.ts';
import { categoryChoices } from '../../lib/console/catalogue-options.ts';
import { CategoriesOut } from '@market/domain/api/catalogue';
import { ConsoleMerchantDetailOut } from '@market/domain/api/console-merchants';
import catalogueStyles from '../../styles/console-catalogue.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogueStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const categories = await consoleApi(context, request).get('/api/categories/', CategoriesOut);
  return { categories: categoryChoices(categories) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = postedValues(form);
  const body = merchantBody(form, { edit: false });
  const checked = checkBody(merchantSchema(false), body);
  if (!checked.ok) return refusedForm(values, checked.fields);
  const saved = await consoleApi(context, request).send('POST', '/api/console/merchants/', body, ConsoleMerchantDetailOut);
  if (!saved.ok) return failedForm(values, saved, merchantValues, ConsoleMerchantDetailOut);
  throw redirect(`/console/merchants/${saved.data.id}?saved=created`);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function NewMerchant({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const form = formReader(actionData?.values ?? {}, actionData?.fields ?? {});
  return (
    <>
      <title>Add merchant · Staff console</title>
      <p className="console-small">
        <Link to="/console/merchants">Merchants</Link> /
      </p>
      <h1>Add merchant</h1>
      <FormMessage message={actionData?.message ?? (actionData && Object.keys(actionData.fields).length ? 'Check the highlighted fields and try again.' : null)} />
      <MerchantForm key={JSON.stringify(actionData?.values ?? null)} form={form} categories={loaderData.categories} edit={false} submitting={navigation.state === 'submitting'} />
    </>
  );
}
