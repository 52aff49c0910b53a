// The guard every journey relies on: a console error or an uncaught exception on any page a journey
// opens fails that journey (the consoleErrors fixture of public-fixtures.ts). Each test below plants
// one and is marked as expected to fail, so Playwright reports it as passing only if the guard fails
// it; a guard that let the error through would make these tests "unexpectedly pass", a failure.
import { test } from './public-fixtures.ts';

test('a console.error on the journey page fails the journey', async ({ page }) => {
  test.fail();
  await page.goto('/about');
  await page.evaluate(() => console.error('planted console error'));
});

test('an uncaught exception in a page the journey opens itself fails the journey', async ({ browser }) => {
  test.fail();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${test.info().project.use.baseURL}/about`);
  await page.evaluate(() => setTimeout(() => { throw new Error('planted uncaught error'); }, 0));
  await page.waitForTimeout(100);
  await context.close();
});
