// The only module that reads process.env. Bad configuration stops start-up with one
// clear line.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  /**
   * Production unless told otherwise: `npm start` is what an operator runs, and development mode
   * shows stack traces (`npm run dev` sets development; docs/decisions.md).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  API_URL: z.url().optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().trim().min(3).max(200).default('LocalSaver <no-reply@localsaver.example>'),
  SEED_SCALE: z.coerce.number().positive().max(1000).default(1),
  /**
   * Seconds a public list answer stays in the in-process answer cache (docs/performance.md); 0
   * turns it off.
   */
  ANSWER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * Seconds a page rendered for an anonymous visitor is sent again (web/page-cache.ts); 0 turns it
   * off. It is also off while the answer cache is.
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  /** Comma-separated addresses or CIDR ranges of proxies whose forwarding headers we believe. */
  TRUSTED_PROXIES: z.string().default(''),
  /** Optional MaxMind GeoLite2-City database file for /api/userlocation/. */
  MAXMIND_DB: z.string().optional(),
  /**
   * Lead forms (and sweepstakes claims) accepted per client address and window (docs/api.md
   * "Limits").
   */
  LEAD_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(10),
  LEAD_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Key for GET /api/analytics/daily/ (X-Analytics-Key header); unset turns that endpoint off. */
  ANALYTICS_READ_KEY: z.string().min(16, 'Use at least 16 characters.').optional(),
  /**
   * Serves the local mailbox page at /dev/mailbox/ (mails written as files while SMTP_URL is not
   * set). Off unless turned on, and refused in production: the page shows every mail, password
   * reset links included.
   */
  DEV_MAILBOX: z.stringbool().default(false),
  /**
   * Seconds a client gets to send a whole request, headers and body. A client that trickles a
   * body byte by byte would otherwise hold its connection (and the server's memory) for ever.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  /**
   * E-mail of the first staff admin: at start, while no admin exists, an invitation is mailed to
   * it and its link printed (docs/operations.md "First admin"). No account has a default password.
   */
  STAFF_BOOTSTRAP_EMAIL: z.string().trim().toLowerCase().email('Enter the e-mail address of the first staff admin.').optional(),
  /**
   * Uploaded images go to this S3-compatible bucket instead of DATA_DIR/uploads (docs/operations.md
   * "Data"). With it, both keys are required; without it, no other S3_ variable may be set.
   */
  S3_BUCKET: z.string().trim().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'Use a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens.').optional(),
  /** Another S3-compatible service than AWS (MinIO, Cloudflare R2, ...): its base URL. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'Enter the http:// or https:// address of the S3-compatible service.' }).optional(),
  /** Default us-east-1 (s3Config); R2 takes `auto`. */
  S3_REGION: z.string().trim().regex(/^[a-z0-9-]{1,40}$/, 'Use a region name such as us-east-1.').optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Addresses objects as ENDPOINT/BUCKET/KEY rather than BUCKET.ENDPOINT/KEY (MinIO needs it). */
  S3_FORCE_PATH_STYLE: z.stringbool().optional(),
  /**
   * Style of the map view of the browse and search pages (a MapLibre style JSON URL). Unset, the
   * map draws the embedded basemap from our own origin (docs/api.md "Map area"); set, the page
   * CSP also allows this URL's origin for the map's calls and images.
   */
  MAP_STYLE_URL: z.url({ protocol: /^https?$/, error: 'Enter the http:// or https:// address of a MapLibre style JSON.' }).optional(),
  /**
   * "Add to Apple Wallet" (docs/api.md "Wallet"): all five or none. Each certificate and key is PEM
   * text or the path of a PEM file: the pass type certificate, its private key (and passphrase,
   * when it has one) and Apple's WWDR intermediate certificate.
   */
  APPLE_PASS_TYPE_ID: z.string().trim().regex(/^pass\.[A-Za-z0-9.-]+$/, 'Use the pass type identifier, like pass.com.example.coupons.').optional(),
  APPLE_TEAM_ID: z.string().trim().regex(/^[A-Z0-9]{10}$/, 'Use the 10-character Apple team identifier.').optional(),
  APPLE_PASS_CERT: z.string().min(1).optional(),
  APPLE_PASS_KEY: z.string().min(1).optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT: z.string().min(1).optional(),
  /**
   * "Save to Google Wallet": the issuer id of the Google Wallet console and a service account's
   * JSON key (its text or the path of the file); both or none.
   */
  GOOGLE_WALLET_ISSUER_ID: z.string().trim().regex(/^\d{5,30}$/, 'Use the numeric issuer id of the Google Wallet console.').optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

const CheckedEnvSchema = EnvSchema.refine((env) => !(env.DEV_MAILBOX && env.NODE_ENV === 'production'), {
  path: ['DEV_MAILBOX'],
  message: 'The local mailbox page is for development only; unset DEV_MAILBOX or set NODE_ENV=development.',
}).superRefine((env, ctx) => {
  // All or nothing: half an S3 configuration would otherwise fall back to DATA_DIR unnoticed, or
  // fail on the first upload instead of at start.
  if (env.S3_BUCKET === undefined) {
    const stray = S3_SETTINGS.find((name) => env[name] !== undefined);
    if (stray) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `${stray} is set but S3_BUCKET is not; set the bucket too, or unset every S3_ variable to keep uploads under DATA_DIR.` });
    return;
  }
  for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `S3_BUCKET is set, so ${name} is required too (with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY both).` });
  }
});

const APPLE_SETTINGS = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT'] as const;
const GOOGLE_SETTINGS = ['GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_SERVICE_ACCOUNT'] as const;

/** All of a group of settings or none: half a wallet configuration would fail on the first pass instead of at start. */
function allOrNone(env: Record<string, unknown>, names: readonly string[], what: string, ctx: z.RefinementCtx): void {
  const set = names.filter((name) => env[name] !== undefined);
  if (set.length === 0 || set.length === names.length) return;
  const missing = names.find((name) => env[name] === undefined)!;
  ctx.addIssue({ code: 'custom', path: [missing], message: `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing} is not; ${what} needs ${names.join(', ')} (or none of them).` });
}

const WalletCheckedEnvSchema = CheckedEnvSchema.superRefine((env, ctx) => {
  allOrNone(env, APPLE_SETTINGS, 'Add to Apple Wallet', ctx);
  allOrNone(env, GOOGLE_SETTINGS, 'Save to Google Wallet', ctx);
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment; throws an Error whose message is one readable line. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = WalletCheckedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  return { ...result.data, DATA_DIR: resolve(result.data.DATA_DIR) };
}

/**
 * Gives the process the configured NODE_ENV before the web app loads: React and React Router pick
 * their production or development builds from process.env.NODE_ENV, so with it unset they would
 * run their development builds in a production server.
 */
export function applyNodeEnv(env: Env): void {
  process.env.NODE_ENV = env.NODE_ENV;
}

/** The S3-compatible store uploads go to, or undefined for files under DATA_DIR. */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

export function s3Config(env: Env): S3Config | undefined {
  // parseEnv has checked that the keys come with the bucket.
  if (env.S3_BUCKET === undefined || env.S3_ACCESS_KEY_ID === undefined || env.S3_SECRET_ACCESS_KEY === undefined) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  };
}

export function trustedProxyList(env: Env): string[] {
  return env.TRUSTED_PROXIES.split(',').map((s) => s.trim()).filter(Boolean);
}

/** PEM text as given, or the text of the PEM (or JSON) file the setting names. */
function textOrFile(name: string, value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('-----BEGIN') || trimmed.startsWith('{')) return trimmed;
  try {
    return readFileSync(trimmed, 'utf8');
  } catch {
    throw new Error(`Invalid configuration: ${name}: no PEM text and no readable file at ${trimmed}.`);
  }
}

/** What signs Apple Wallet passes; undefined when they are not configured. */
export interface ApplePassConfig {
  passTypeId: string;
  teamId: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdr: string;
}

export function applePassConfig(env: Env): ApplePassConfig | undefined {
  const { APPLE_PASS_TYPE_ID: passTypeId, APPLE_TEAM_ID: teamId, APPLE_PASS_CERT: cert, APPLE_PASS_KEY: key, APPLE_WWDR_CERT: wwdr } = env;
  if (!passTypeId || !teamId || !cert || !key || !wwdr) return undefined;
  return {
    passTypeId,
    teamId,
    signerCert: textOrFile('APPLE_PASS_CERT', cert),
    signerKey: textOrFile('APPLE_PASS_KEY', key),
    signerKeyPassphrase: env.APPLE_PASS_KEY_PASSPHRASE,
    wwdr: textOrFile('APPLE_WWDR_CERT', wwdr),
  };
}

/** What signs "Save to Google Wallet" links; undefined when they are not configured. */
export interface GoogleWalletConfig {
  issuerId: string;
  clientEmail: string;
  privateKey: string;
}

export function googleWalletConfig(env: Env): GoogleWalletConfig | undefined {
  if (!env.GOOGLE_WALLET_ISSUER_ID || !env.GOOGLE_WALLET_SERVICE_ACCOUNT) return undefined;
  const text = textOrFile('GOOGLE_WALLET_SERVICE_ACCOUNT', env.GOOGLE_WALLET_SERVICE_ACCOUNT);
  let key: { client_email?: unknown; private_key?: unknown };
  try {
    key = JSON.parse(text) as typeof key;
  } catch {
    throw new Error('Invalid configuration: GOOGLE_WALLET_SERVICE_ACCOUNT: not a JSON service account key.');
  }
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new Error('Invalid configuration: GOOGLE_WALLET_SERVICE_ACCOUNT: the key has no client_email or private_key.');
  }
  return { issuerId: env.GOOGLE_WALLET_ISSUER_ID, clientEmail: key.client_email, privateKey: key.private_key };
}
