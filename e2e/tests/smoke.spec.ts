import { expect, test } from './public-fixtures.ts';

test('the home page is served server-side with its title', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Live Life for Less/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Live Life for Less');
});

test('the API documentation page is served', async ({ request }) => {
  const response = await request.get('/api/docs/json');
  expect(response.status()).toBe(200);
  const doc = (await response.json()) as { paths: Record<string, unknown> };
  expect(Object.keys(doc.paths)).toContain('/api/markets/');
});
