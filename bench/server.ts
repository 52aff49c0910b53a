// The server the benchmark measures: the real app (API and pages, as `npm start` builds it) plus
// the two floors of docs/performance.md on the same Fastify instance: a constant 2 KB JSON (the
// HTTP floor) and `SELECT 1` through the app's own database pool (the database floor). Configured
// by the environment like the real server (DATABASE_URL, PORT...). Not part of the product.
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { parseEnv } from '../apps/api/src/config/env.ts';
import { prepareDatabase } from '../apps/api/src/server.ts';
import { mountWeb } from '../apps/api/src/web/mount.ts';

/** A constant JSON answer of about 2 KB, serialised once. */
function floorBody(): Buffer {
  const items = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Item number ${i + 1}`, city: 'Detroit', state: 'MI', distance: i * 0.7 }));
  let body = { items, pad: '' };
  const size = Buffer.byteLength(JSON.stringify(body));
  body = { items, pad: 'x'.repeat(Math.max(0, 2048 - size - 2)) };
  return Buffer.from(JSON.stringify(body));
}

const env = parseEnv();
const db = await prepareDatabase(env, () => {});
const app = await buildApp({ env, db });
const floor = floorBody();
app.get('/bench/floor/http', { schema: { hide: true } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(floor));
app.get('/bench/floor/db', { schema: { hide: true } }, async (_request, reply) => {
  const rows = await db.rows<{ one: number }>(sql`SELECT 1 AS one`);
  return reply.type('application/json; charset=utf-8').send(`{"one":${rows[0]!.one}}`);
});
await mountWeb(app);
const shutdown = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
await app.listen({ port: env.PORT, host: '127.0.0.1' });
console.log(`bench server ready on ${env.PORT}`);
