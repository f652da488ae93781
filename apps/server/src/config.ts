import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const isValidTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().optional(),
    REDIS_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Wise <no-reply@wise.ng>'),
    SMS_API_KEY: optionalText,
    SMS_BASE_URL: z.url().default('https://api.ng.termii.com'),
    SMS_SENDER_ID: z.string().default('Wise'),
    SESSION_SECRET: optionalText.pipe(z.string().min(32).optional()),
    APP_URL: optionalUrl,
    SUPPORT_EMAIL: z.email().default('support@wise.ng'),
    SUPPORT_WHATSAPP: z.string().regex(/^\+?\d{10,15}$/).default('+2348000000000'),
    APP_TIMEZONE: z.string().refine(isValidTimeZone, 'is not a known IANA time zone').default('Africa/Lagos'),
    WEB_DIST: z.string().optional(),
    /** Multiplies every rate limit; tests of other behaviour raise it so probes don't trip it. */
    RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    // Account area: profile photos on local disk (UPLOAD_DIR, default <DATA_DIR>/uploads) or on
    // any S3-compatible store when S3_BUCKET is set; the bank-account name lookup (Paystack's
    // resolve endpoint when its secret key is set, the sandbox otherwise).
    UPLOAD_DIR: optionalText,
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    BANK_LOOKUP_SECRET_KEY: optionalText,
    BANK_LOOKUP_BASE_URL: z.url().default('https://api.paystack.co'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['SMTP_URL', 'SESSION_SECRET', 'APP_URL'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  appUrl: string;
  sessionSecret: string;
  webDist: string;
  dataDir: string;
  isProduction: boolean;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad variable stops start-up with its name. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const here = path.dirname(new URL(import.meta.url).pathname);
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    // Outside production a per-process secret is fine: it only keys OTP hashes.
    sessionSecret: env.SESSION_SECRET ?? 'dev-only-secret-not-for-production-use-0000',
    webDist: path.resolve(env.WEB_DIST ?? path.join(here, '../../web/dist')),
    // The repository's ./data unless told otherwise, whichever workspace npm started us from.
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.resolve(here, '../../../data'),
    isProduction: env.NODE_ENV === 'production',
  };
}
