// The only module that reads process.env. Bad configuration stops start-up with one
// clear line.
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const CheckedEnvSchema = EnvSchema.refine((env) => !(env.DEV_MAILBOX && env.NODE_ENV === 'production'), {
  path: ['DEV_MAILBOX'],
  message: 'The local mailbox page is for development only; unset DEV_MAILBOX or set NODE_ENV=development.',
});

export type Env = z.infer<typeof EnvSchema>;

/** Parses the environment; throws an Error whose message is one readable line. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = CheckedEnvSchema.safeParse(cleaned);
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

export function trustedProxyList(env: Env): string[] {
  return env.TRUSTED_PROXIES.split(',').map((s) => s.trim()).filter(Boolean);
}
