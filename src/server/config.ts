import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from '../shared/zod';
import { DEFAULT_POOL_MAX } from './db/database';
import type { PasswordHashing } from './features/users/password';

/**
 * Every environment key the server reads. Parsed once at start; README and .env.example mirror this list.
 * Empty strings count as unset so that `KEY=` in a .env file falls back to the default.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/|mysql:\/\/|mariadb:\/\/)/, 'must start with sqlite:, postgres:// or mysql://')
    .optional(),
  // Connections each process keeps to PostgreSQL or MySQL at most; SQLite always has its one.
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(DEFAULT_POOL_MAX),
  UPLOAD_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      if (v === 'false') return false as const;
      if (v === 'true') {
        ctx.addIssue({ code: 'custom', message: 'name the proxies (addresses, CIDR ranges or a hop count), not true' });
        return z.NEVER;
      }
      if (/^\d+$/.test(v)) return Number(v);
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
  BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Website <no-reply@localhost>'),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  MAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Newsletter mails released to the outbox per minute, across all instances (ADR 0046).
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  SITE_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Berlin or Asia/Karachi'),
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(50),
  BACKUP_DIR: z.string().min(1).optional(),
  // Off-site copies of backups (ADR 0018): none unless a bucket is named; no credential has a default.
  BACKUP_S3_BUCKET: z.string().min(3).max(63).optional(),
  BACKUP_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  BACKUP_S3_REGION: z.string().min(1).default('us-east-1'),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  BACKUP_S3_PREFIX: z.string().max(200).default('backups/'),
  // Object storage for uploads and backups (ADR 0030): a bucket named means every instance shares it.
  STORAGE_S3_BUCKET: z.string().min(3).max(63).optional(),
  STORAGE_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  STORAGE_S3_REGION: z.string().min(1).default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  STORAGE_S3_PREFIX: z
    .string()
    .max(200)
    .regex(/^(?:[A-Za-z0-9._-]+\/)*$/, 'must be empty or folder names each ending with /, such as site/')
    .default(''),
  STORAGE_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Shared rate limits and instant coherence between instances (ADR 0030).
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  COHERENCE_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // How long SIGTERM waits for accepted requests, and whether /api/docs is served (ADR 0034).
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(2).max(600).default(15),
  API_DOCS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  // Saved states kept per post, project or landing-content item, the newest (ADR 0041).
  REVISIONS_KEEP: z.coerce.number().int().min(1).max(1000).default(50),
  // Cost of new password hashes: `test` (cheap, cracked in no time) is refused unless NODE_ENV=test.
  PASSWORD_HASHING: z.enum(['standard', 'test']).default('standard'),
});

/** PostgreSQL and MySQL are reachable by several instances; a SQLite file is one machine's. */
const isNetworkDatabase = (url: string | undefined) => url !== undefined && !url.startsWith('sqlite:');

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string;
  /** At most this many connections per process to PostgreSQL or MySQL (SQLite: one, always). */
  databasePoolMax: number;
  uploadDir: string;
  logLevel: string;
  trustProxy: false | number | string[];
  bodyLimit: number;
  jwtSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** First retry delay of a failed mail; doubles with each attempt, at most an hour (ADR 0013). */
  mailRetryBaseSeconds: number;
  /** Attempts after which a mail stays failed. */
  mailMaxAttempts: number;
  /** How often the outbox worker looks for due mail besides being woken on enqueue. */
  mailPollSeconds: number;
  /** Newsletter mails released to the outbox per minute (ADR 0046). */
  newsletterRatePerMinute: number;
  /** The site's calendar: analytics days, periods and the Monday of the weekly report (ADR 0017). */
  siteTimeZone: string;
  /** Scheduled jobs (analytics roll-ups, weekly report) run in this instance; tests run them by hand. */
  jobsEnabled: boolean;
  seedDemo: boolean;
  /**
   * How far V8 lets the JavaScript heap grow past what the last full collection kept, in percent; 0 leaves
   * it to V8, which lets a busy process grow it up to fourfold (ADR 0027).
   */
  heapGrowingPercent: number;
  /** Where backup archives are kept (DATA_DIR/backups by default). */
  backupDir: string;
  /** S3-compatible bucket that every new backup is copied to; undefined: no off-site copy. */
  backupS3: S3Config | undefined;
  /** Object storage for uploads and backups shared by every instance; undefined: UPLOAD_DIR and BACKUP_DIR. */
  storageS3: S3Config | undefined;
  /** Where browsers fetch stored uploads (a CDN or the bucket's own address); undefined: through the app. */
  storagePublicUrl: string | undefined;
  /** Redis (or Valkey) shared by every instance: rate limits and instant coherence; undefined: none. */
  redisUrl: string | undefined;
  /** How often an instance reads the page-cache generation and system settings besides being told. */
  coherencePollSeconds: number;
  /** Apply pending migrations at start; off when a rollout migrates once beforehand (npm run migrate). */
  migrateOnStart: boolean;
  /** After SIGTERM, accepted requests are answered within this many seconds; then the process exits. */
  shutdownGraceSeconds: number;
  /** Serve Swagger UI and the OpenAPI document at /api/docs (default: outside production only). */
  apiDocs: boolean;
  /** Revisions kept per edited item, the newest (ADR 0041). */
  revisionsKeep: number;
  /**
   * Cost of the password hashes made from now on: `standard` (argon2id, m=19 MiB, t=2) always but in test
   * suites, whose `test` makes signing in cheap; the configuration refuses `test` unless NODE_ENV=test.
   */
  passwordHashing: PasswordHashing;
}

/** An S3-compatible bucket and the key prefix of what we keep there. */
export interface S3Config {
  bucket: string;
  /** Another S3-compatible service (MinIO, R2, …); path-style addressing is used with it. */
  endpoint: string | undefined;
  region: string;
  /** Without keys the SDK's own chain (environment, instance role) is used. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  prefix: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The process environment, after reading `.env` from the working directory when there is one. */
export function readEnvironment(): Record<string, string | undefined> {
  try {
    process.loadEnvFile();
  } catch {
    // no .env file: the environment alone configures the server
  }
  return process.env;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema
    .refine((e) => !e.BACKUP_S3_ACCESS_KEY_ID === !e.BACKUP_S3_SECRET_ACCESS_KEY, {
      path: ['BACKUP_S3_SECRET_ACCESS_KEY'],
      message: 'set BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY together, or neither',
    })
    .refine((e) => !e.STORAGE_S3_ACCESS_KEY_ID === !e.STORAGE_S3_SECRET_ACCESS_KEY, {
      path: ['STORAGE_S3_SECRET_ACCESS_KEY'],
      message: 'set STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY together, or neither',
    })
    // Every instance on one database must sign and check tokens with one key and one issuer: a key generated
    // into each DATA_DIR, or an issuer made from each PORT, makes the instances refuse each other's sessions.
    .refine((e) => !isNetworkDatabase(e.DATABASE_URL) || e.JWT_SECRET !== undefined, {
      path: ['JWT_SECRET'],
      message:
        'must be set when DATABASE_URL names PostgreSQL or MySQL: every instance must sign sessions with the same key (for example: openssl rand -base64 48)',
    })
    .refine((e) => !isNetworkDatabase(e.DATABASE_URL) || e.PUBLIC_URL !== undefined, {
      path: ['PUBLIC_URL'],
      message:
        "must be set when DATABASE_URL names PostgreSQL or MySQL: every instance must name the site's one address (for example https://www.example.com)",
    })
    // Cheap hashes stored by a real site would stay crackable for as long as their passwords are in use.
    .refine((e) => e.PASSWORD_HASHING === 'standard' || e.NODE_ENV === 'test', {
      path: ['PASSWORD_HASHING'],
      message: 'may be test only with NODE_ENV=test: its hashes are cheap to crack (leave it unset)',
    })
    .safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.join('.');
        // The shared zod messages already start with the key ("PORT must be at most 65535").
        return `${key}: ${issue.message.startsWith(`${key} `) ? issue.message.slice(key.length + 1) : issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'app.db')}`,
    databasePoolMax: e.DATABASE_POOL_MAX,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
    jwtSecret: e.JWT_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetryBaseSeconds: e.MAIL_RETRY_BASE_SECONDS,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailPollSeconds: e.MAIL_POLL_SECONDS,
    newsletterRatePerMinute: e.NEWSLETTER_RATE_PER_MINUTE,
    siteTimeZone: e.SITE_TIME_ZONE,
    jobsEnabled: e.JOBS_ENABLED,
    seedDemo: e.SEED_DEMO,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    backupS3: e.BACKUP_S3_BUCKET
      ? {
          bucket: e.BACKUP_S3_BUCKET,
          endpoint: e.BACKUP_S3_ENDPOINT,
          region: e.BACKUP_S3_REGION,
          accessKeyId: e.BACKUP_S3_ACCESS_KEY_ID,
          secretAccessKey: e.BACKUP_S3_SECRET_ACCESS_KEY,
          prefix: e.BACKUP_S3_PREFIX,
        }
      : undefined,
    storageS3: e.STORAGE_S3_BUCKET
      ? {
          bucket: e.STORAGE_S3_BUCKET,
          endpoint: e.STORAGE_S3_ENDPOINT,
          region: e.STORAGE_S3_REGION,
          accessKeyId: e.STORAGE_S3_ACCESS_KEY_ID,
          secretAccessKey: e.STORAGE_S3_SECRET_ACCESS_KEY,
          prefix: e.STORAGE_S3_PREFIX,
        }
      : undefined,
    storagePublicUrl: e.STORAGE_PUBLIC_URL?.replace(/\/+$/, ''),
    redisUrl: e.REDIS_URL,
    coherencePollSeconds: e.COHERENCE_POLL_SECONDS,
    migrateOnStart: e.MIGRATE_ON_START,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    revisionsKeep: e.REVISIONS_KEEP,
    passwordHashing: e.PASSWORD_HASHING,
  };
}

/**
 * Secrets not given in the environment are generated once per installation and kept in DATA_DIR with
 * owner-only permissions, so no key is ever a shared default. Several instances must share JWT_SECRET.
 */
export function resolveSecrets(config: Config): Config & { jwtSecret: string } {
  if (config.jwtSecret) return { ...config, jwtSecret: config.jwtSecret };
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: { jwtSecret?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret?: string };
  if (!stored.jwtSecret) {
    stored.jwtSecret = randomBytes(48).toString('base64url');
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { ...config, jwtSecret: stored.jwtSecret };
}
