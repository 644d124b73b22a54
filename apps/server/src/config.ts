import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads, validated at start-up. README.md's
 * "Configuration" table lists the same variables; keep the two together.
 */
const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      message: 'must be development, production or test',
    })
    .default('development'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int()
    .min(1, 'must be a port number')
    .max(65535, 'must be a port number')
    .default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'must start with postgres:// (leave it unset to use the embedded PGlite database)',
    )
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PGLITE_START_FROM: z.string().min(1).optional(),
  JWT_SECRET: z
    .string()
    .min(
      32,
      'must be at least 32 characters (leave it unset to generate one and keep it in the database)',
    )
    .optional(),
  PUBLIC_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({
          message: 'must be a comma-separated list of origins such as https://bank.example',
        }),
      ),
    ),
  BRAND_HOSTS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const map: Record<string, string> = {};
      for (const pair of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const [host, brand] = pair.split('=');
        if (!host || !brand) {
          ctx.addIssue({ code: 'custom', message: `"${pair}" must look like host=brandId` });
          return z.NEVER;
        }
        map[host.toLowerCase()] = brand;
      }
      return map;
    }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Ledgerline <no-reply@ledgerline.example>'),
  RATE_LIMIT_MAX: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(1, 'must be at least 1')
    .default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(1000, 'must be at least 1000')
    .default(60_000),
  // Issue 18: calls per minute one merchant API key may make (the public API, modules/merchant-api).
  PUBLIC_API_RATE_LIMIT: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  SEED_DEMO: booleanFlag.default(true),
  DEV_TOOLS: booleanFlag.optional(),
  WEB_DIST: z.string().optional(),
  CLIENT_IDLE_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400')
    .optional(),
  BOT_CHECK: booleanFlag.optional(),
  BOT_CHECK_WORK: z.coerce
    .number({ message: 'must be a whole number (the most hashes a challenge may take)' })
    .int('must be a whole number (the most hashes a challenge may take)')
    .min(100, 'must be at least 100')
    .max(1_000_000, 'must be at most 1000000')
    .default(60_000),
  SIGN_IN_ADDRESS_LIMIT: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(1, 'must be at least 1')
    .default(20),
  CARD_PROCESSOR_STEP_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds' })
    .int()
    .min(1, 'must be at least 1')
    .default(60_000),
  RAIL_STEP_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds' })
    .int()
    .min(1, 'must be at least 1')
    .default(60_000),
  PASSWORD_HASH_COST: z.coerce
    .number({ message: 'must be a whole number (log2 of scrypt N)' })
    .int('must be a whole number (log2 of scrypt N)')
    .min(10, 'must be at least 10')
    .max(20, 'must be at most 20')
    .default(17),
  CARD_DATA_KEY: z
    .string()
    .min(
      32,
      'must be at least 32 characters (leave it unset to generate one and keep it in the database)',
    )
    .optional(),
  WEBHOOK_RETRY_BASE_MS: z.coerce
    .number({ message: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1, 'must be at least 1')
    .max(3_600_000, 'must be at most 3600000')
    .default(5000),
  // Identity verification (issue 14): the shared secret each KYC provider signs its callbacks with.
  KYC_JMO_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (leave it unset to generate one)')
    .optional(),
  KYC_NFD_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (leave it unset to generate one)')
    .optional(),
});

/** Variables whose values may hold credentials: never echoed in an error. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'JWT_SECRET',
  'SMTP_URL',
  'CARD_DATA_KEY',
  'KYC_JMO_SECRET',
  'KYC_NFD_SECRET',
]);

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` for tests. */
  dataDir: string;
  /** A dumped PGlite data directory (tar) an in-memory database starts from (a test run's seeded copy). */
  pgliteStartFrom: string | undefined;
  jwtSecret: string | undefined;
  publicOrigins: string[];
  brandHosts: Record<string, string>;
  smtpUrl: string | undefined;
  mailFrom: string;
  rateLimit: { max: number; windowMs: number };
  /** Calls per minute one merchant API key may make to the public API (issue 18). */
  publicApiRateLimit: number;
  logLevel: string;
  trustProxy: boolean;
  seedDemo: boolean;
  /** /dev/outbox and /dev/device: on unless NODE_ENV is production (DEV_TOOLS overrides). */
  devTools: boolean;
  webDist: string | undefined;
  /** Overrides every brand's idle timeout in the web client (GET /config.json); undefined keeps the brands' own. */
  clientIdleTimeoutSeconds: number | undefined;
  /**
   * ALTCHA bot check on login and registration (for brands with a bot-check site key). On unless
   * BOT_CHECK=false (API clients and load tests that post to /api/auth/login without a browser).
   */
  botCheck: boolean;
  /** The most SHA-256 rounds a bot-check challenge may take to solve (60,000 unless a test lowers it). */
  botCheckWork: number;
  /** Failed sign-in attempts one address may make in 15 minutes before it is answered 429. */
  signInAddressLimit: number;
  /** How long the card processor simulator leaves a new card in each status (submitted, printing, printed) before the next. */
  cardProcessorStepMs: number;
  /** Secret the card numbers, CVVs and PINs are encrypted under; undefined keeps a generated one in the database. */
  cardDataKey: string | undefined;
  /** How long an external transfer sits in the rail's clearing account before the rail simulator delivers or returns it. */
  railStepMs: number;
  /** log2 of scrypt's N for new password hashes (17, OWASP's, unless a test lowers it). */
  passwordHashCost: number;
  /** The first retry of a failed webhook delivery waits this long (5 s; the later ones follow the fixed schedule). */
  webhookRetryBaseMs: number;
  /** Callback signing secrets of the KYC providers; unset ones are generated and kept in the database. */
  kycSecrets: { jmo: string | undefined; nfd: string | undefined };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from an environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '');
        const shown = SECRET_VARIABLES.has(name)
          ? 'value hidden'
          : `got "${String(cleaned[name] ?? '')}"`;
        return `${name}: ${issue.message} (${shown})`;
      }),
    );
  }
  const value = parsed.data;
  if (value.NODE_ENV === 'production' && value.PASSWORD_HASH_COST < 17)
    throw new ConfigError([
      `PASSWORD_HASH_COST: must be at least 17 in production (got "${value.PASSWORD_HASH_COST}")`,
    ]);
  if (
    value.PGLITE_START_FROM !== undefined &&
    (value.DATABASE_URL !== undefined || !value.DATA_DIR.startsWith('memory://'))
  )
    throw new ConfigError([
      'PGLITE_START_FROM: only for PGlite in memory (DATA_DIR=memory://, no DATABASE_URL)',
    ]);
  if (value.NODE_ENV === 'production' && value.BOT_CHECK_WORK < 60_000)
    throw new ConfigError([
      `BOT_CHECK_WORK: must be at least 60000 in production (got "${value.BOT_CHECK_WORK}")`,
    ]);
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    databaseUrl: value.DATABASE_URL,
    dataDir: value.DATA_DIR,
    pgliteStartFrom: value.PGLITE_START_FROM,
    jwtSecret: value.JWT_SECRET,
    publicOrigins: value.PUBLIC_ORIGINS,
    brandHosts: value.BRAND_HOSTS,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    rateLimit: { max: value.RATE_LIMIT_MAX, windowMs: value.RATE_LIMIT_WINDOW_MS },
    publicApiRateLimit: value.PUBLIC_API_RATE_LIMIT,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    seedDemo: value.SEED_DEMO,
    devTools: value.DEV_TOOLS ?? value.NODE_ENV !== 'production',
    webDist: value.WEB_DIST,
    clientIdleTimeoutSeconds: value.CLIENT_IDLE_TIMEOUT_SECONDS,
    botCheck: value.BOT_CHECK ?? true,
    botCheckWork: value.BOT_CHECK_WORK,
    signInAddressLimit: value.SIGN_IN_ADDRESS_LIMIT,
    cardProcessorStepMs: value.CARD_PROCESSOR_STEP_MS,
    cardDataKey: value.CARD_DATA_KEY,
    railStepMs: value.RAIL_STEP_MS,
    passwordHashCost: value.PASSWORD_HASH_COST,
    kycSecrets: { jmo: value.KYC_JMO_SECRET, nfd: value.KYC_NFD_SECRET },
    webhookRetryBaseMs: value.WEBHOOK_RETRY_BASE_MS,
  };
}
