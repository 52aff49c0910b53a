// The public draw record (docs/operations.md "Contests and leads"): from the winners on the
// contests page a saver opens the contest's draw record and finds the entry count, the seed and
// the winners the API recorded. The seed holds one ended contest with a recorded draw.
import { allowConsoleError, expect, expectAccessible, setPlace, test } from './public-fixtures.ts';
import { DETROIT } from './member-fixtures.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface WinnerItem {
  contest: { display_name: string; entity_id: number };
}
interface DrawRecord {
  entry_count: number;
  draws: Array<{ seed: number; winners: Array<{ first_name: string; last_initial: string; city: string; state: string }> }>;
}

test('a saver opens the draw record from the winners and finds the entry count, the seed and a winner', async ({ page, request }) => {
  // The seeded draw's contest, found through the API as the page finds it.
  const winners = (await (await request.get('/api/contestwinners/?city=Detroit&state=MI&limit=100')).json()) as WinnerItem[];
  let drawn: { name: string; entityId: number; record: DrawRecord } | null = null;
  for (const w of winners) {
    const record = (await (await request.get(`/api/contests/${w.contest.entity_id}/draws/`)).json()) as DrawRecord;
    if (record.draws.length) {
      drawn = { name: w.contest.display_name, entityId: w.contest.entity_id, record };
      break;
    }
  }
  expect(drawn, 'the seed has a contest with a recorded draw in Detroit').not.toBeNull();
  const { name, entityId, record } = drawn!;
  const [draw] = record.draws;
  const winner = draw!.winners[0]!;

  await setPlace(page, DETROIT);
  await page.goto('/contests');
  await page.getByRole('navigation', { name: 'How the winners were drawn' }).getByRole('link', { name: `Draw record: ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/contests/${entityId}/draws$`));
  await expect(page).toHaveTitle(new RegExp(`^Draw record: ${escapeRegExp(name)}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(`${record.entry_count} entries`, { exact: true })).toBeVisible();
  const section = page.getByRole('region', { name: /^The draw of \d{2}\/\d{2}\/\d{4}$/ });
  await expect(section.locator('code.draw-seed')).toHaveText(String(draw!.seed));
  // Shown as 'First L.' with the name capitalised (SPEC.md 3).
  await expect(section.getByRole('table')).toContainText(new RegExp(`${escapeRegExp(winner.first_name)} ${winner.last_initial}\\.`, 'i'));
  await expect(page.getByRole('heading', { level: 2, name: 'How the winners were drawn' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/contests/${entityId}/draws$`));
  await expectAccessible(page, 'draw record');

  // An unknown contest is the site's 404 page.
  allowConsoleError(page, /status of 404 .*\/contests\/999999999\/draws/);
  expect((await page.goto('/contests/999999999/draws'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found/i);
});
