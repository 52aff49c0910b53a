// The page actions that take a file (web/page-actions.ts UPLOAD_ACTIONS), through app.inject on the
// real web build: a 2 MB phone photo posted by a signed-in staff member or owner to every listed
// action is saved (not a 413 from the page host's 64 KB form cap), and the list names every form of
// the web app with a file input: a route module with one, or a page using a component with one,
// whose action is missing from the list fails here.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { addDays } from '@market/domain/expiry';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCategory, addLocation, addMerchant, addOffer } from '../src/modules/catalogue/catalogue.fixtures.ts';
import { signUpMerchantPerson, type TestMerchantPerson } from '../src/modules/merchant-access/merchant.fixtures.ts';
import { signUpStaff, type TestStaff } from '../src/modules/staff/staff.fixtures.ts';
import { PAGE_BODY_LIMIT_BYTES, UPLOAD_ACTIONS, UPLOAD_ACTION_BODY_LIMIT_BYTES } from '../src/web/page-actions.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/harness.ts';

const WEB_APP = join(import.meta.dirname, '../../web/app');

/** A phone photo of about 2 MB: a real JPEG of noise (noise does not compress). */
async function phonePhoto(): Promise<Buffer> {
  const width = 1800;
  const height = 1350;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 16;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

// ---- The scan: every form with a file input, and where it posts ------------------------------

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name.startsWith('+') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** A file input (JSX attribute or a props object) or a multipart form in a module's source. */
const FILE_INPUT = /type=["'{]+file["'}]|type:\s*["']file["']|encType=["'{]+multipart\/form-data/;

/** The URL paths of apps/web/app/routes.ts, by route module (`route('a/:b', 'routes/x.tsx')`). */
function routePathsByModule(): Map<string, string[]> {
  const source = readFileSync(join(WEB_APP, 'routes.ts'), 'utf8');
  const byModule = new Map<string, string[]>();
  for (const match of source.matchAll(/route\(\s*'([^']+)'\s*,\s*'([^']+)'/g)) {
    const [, path, module] = match;
    byModule.set(module!, [...(byModule.get(module!) ?? []), `/${path}`]);
  }
  return byModule;
}

/** Whether a concrete path, or a route path (its `:params` and `${…}` match any segment), fits a listed page. */
function fitsListed(path: string): boolean {
  const segments = path.replace(/\?$/, '').split('/');
  return UPLOAD_ACTIONS.some(({ page }) => {
    const listed = page.split('/');
    return listed.length === segments.length && listed.every((part, i) => part === segments[i] || part.startsWith(':') || segments[i]!.startsWith(':') || /^\$\{[^}]+\}$/.test(segments[i]!));
  });
}

describe('the upload action list (web/page-actions.ts UPLOAD_ACTIONS)', () => {
  const files = sourceFiles(WEB_APP);
  const withFileInput = files.filter((file) => FILE_INPUT.test(readFileSync(file, 'utf8'))).map((file) => relative(WEB_APP, file));
  const routes = routePathsByModule();

  it('finds the forms with a file input (the scan itself works)', () => {
    expect(withFileInput).toEqual(expect.arrayContaining(['routes/console/record-image.tsx', 'routes/business-centre/photos.tsx', 'components/console/image-upload.tsx']));
  });

  it('lists every route of a route module with a file input, and only those', () => {
    const listedModules = new Set<string>(UPLOAD_ACTIONS.map((a) => a.module));
    for (const module of withFileInput.filter((m) => routes.has(m))) {
      expect(listedModules.has(module), `${module} has a file input: add its action to UPLOAD_ACTIONS`).toBe(true);
      // A route path with a :param the list narrows (record-image's :kind) is covered by at least one entry.
      for (const path of routes.get(module)!) expect(fitsListed(path), `${path} (${module}) posts a file: add it to UPLOAD_ACTIONS`).toBe(true);
    }
    for (const { page, module } of UPLOAD_ACTIONS) {
      expect(withFileInput, `${page}: ${module} has no file input`).toContain(module);
      const paths = routes.get(module) ?? [];
      const segments = page.split('/');
      const fits = paths.some((path) => {
        const route = path.split('/');
        return route.length === segments.length && route.every((part, i) => part === segments[i] || part.startsWith(':'));
      });
      expect(fits, `${page} is not a path of ${module} in routes.ts`).toBe(true);
    }
  });

  it('lists the action of every page using a component with a file input', () => {
    const components = withFileInput.filter((m) => !routes.has(m));
    for (const component of components) {
      const names = [...readFileSync(join(WEB_APP, component), 'utf8').matchAll(/export function ([A-Z]\w*)/g)].map((m) => m[1]!);
      expect(names.length, `${component}: no exported component`).toBeGreaterThan(0);
      for (const name of names) {
        for (const file of files) {
          const source = readFileSync(file, 'utf8');
          for (const use of source.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))) {
            const action = /\baction=(?:\{`([^`]+)`\}|"([^"]+)")/.exec(use[1]!);
            const where = `<${name}> in ${relative(WEB_APP, file)}`;
            expect(action, `${where}: give it a literal action (a path or a template) this test can read`).not.toBeNull();
            const path = (action![1] ?? action![2])!.replace(/\$\{[^}]+\}/g, ':param');
            expect(fitsListed(path), `${where} posts a file to ${path}: add it to UPLOAD_ACTIONS`).toBe(true);
          }
        }
      }
    }
  });
});

// ---- Each listed action takes a 2 MB photo --------------------------------------------------

describe('every upload action takes a 2 MB phone photo', () => {
  let t: TestApp;
  let admin: TestStaff;
  let owner: TestMerchantPerson;
  let photo: Buffer;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({}, { web: true });
    photo = await phonePhoto();
    const merchant = await addMerchant(t.db, { name: 'Upload Test Bakery' });
    const location = await addLocation(t.db, merchant, { lat: 42.33, lng: -83.05 });
    const category = await addCategory(t.db, { kind: 'main', slug: `uploads-${merchant.id}`, name: 'Uploads' });
    const offer = await addOffer(t.db, location, category, { name: 'Upload test offer', expiresAt: addDays(t.today, 30) });
    [admin, owner] = await Promise.all([signUpStaff(t.app, 'admin'), signUpMerchantPerson(t.app, merchant.id, 'owner')]);
    const contest = await t.app.inject({
      method: 'POST',
      url: '/api/console/contests/',
      headers: admin.headers,
      payload: { display_name: 'Upload test contest', prize: 'A cake', starts_at: '2026-01-01', ends_at: '2099-12-31', description: '<p>Enter</p>', rules: '<p>Rules</p>', markets: [{ market_id: 'detroit', is_featured: false }] },
    });
    expect(contest.statusCode, contest.body).toBe(201);
    Object.assign(ids, { merchants: merchant.id, contests: contest.json().id as number, offers: offer.id, centre: merchant.id });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The listed page with its record's id, and what the form sends beside the file. */
  function request(page: string): { url: string; fields: Record<string, string>; cookie: string } {
    if (page.startsWith('/business/centre/')) {
      const url = page.replace(':merchantId', String(ids.centre));
      const fields: Record<string, string> = url.endsWith('/photos') ? { intent: 'upload', alt: 'The shop window in the morning', location_id: '' } : { intent: 'logo' };
      return { url, fields, cookie: `business_session=${owner.token}` };
    }
    const records = page.split('/')[2]!;
    return { url: page.replace(':id', String(ids[records])), fields: {}, cookie: `console_session=${admin.token}` };
  }

  it('is a phone photo of about 2 MB', () => {
    expect(photo.length).toBeGreaterThan(1.5 * 1024 * 1024);
    expect(photo.length).toBeLessThan(3 * 1024 * 1024);
    expect(photo.length).toBeGreaterThan(PAGE_BODY_LIMIT_BYTES * 20);
  });

  it.each(UPLOAD_ACTIONS.map((a) => a.page))('%s saves it', async (page) => {
    const { url, fields, cookie } = request(page);
    const body = multipart(photo, { filename: 'IMG_2041.jpg', fields });
    const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType, cookie }, remoteAddress: admin.ip });
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(400);
    if (url.startsWith('/console/')) {
      // Saved: back to the record's page with its notice.
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/\?(saved|done)=/);
    } else {
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/New logo saved\.|Photo added\./);
    }
    // Its data twin (a fetcher's post) is not refused by the page host either.
    const data = await t.app.inject({ method: 'POST', url: `${url}.data`, payload: body.payload, headers: { 'content-type': body.contentType, cookie }, remoteAddress: admin.ip });
    expect(data.statusCode, `${url}.data`).not.toBe(413);
    expect(data.statusCode, `${url}.data`).toBeLessThan(500);
  });

  it.each(UPLOAD_ACTIONS.map((a) => a.page))('%s answers 413 past the 5 MB file and its framing', async (page) => {
    const { url, cookie } = request(page);
    const body = multipart(Buffer.alloc(UPLOAD_ACTION_BODY_LIMIT_BYTES, 1));
    const res = await t.app.inject({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType, cookie } });
    expect(res.statusCode).toBe(413);
  });
});
