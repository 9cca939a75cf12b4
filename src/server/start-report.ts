import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BootstrapSummary } from './bootstrap';
import type { Config } from './config';
import type { DialectName } from './db/database';
import type { FirstAdminResult } from './features/users/first-admin';

/** Where a generated first admin's password is written when no one reads the terminal (DATA_DIR/…). */
export const FIRST_ADMIN_FILE = 'first-admin.txt';

/** process.stdout, as far as the report uses it. */
export interface Terminal {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface StartReportOptions {
  config: Pick<Config, 'publicUrl' | 'dataDir'>;
  dialect: DialectName;
  summary: Pick<BootstrapSummary, 'seeded' | 'admin'>;
  log: FastifyBaseLogger;
  terminal: Terminal;
}

/**
 * Says that the server serves, once it listens: one JSON log line (where, which database, whether the demo
 * content was loaded, how to sign in), never with a password in it. A password generated for the first
 * admin is printed, with the rest, to an interactive terminal (a developer's `npm start`); otherwise
 * (a service manager, a container: stdout is a log) it is written to DATA_DIR/first-admin.txt, readable by
 * the owner only, and the log line says where.
 */
export function reportStart({ config, dialect, summary, log, terminal }: StartReportOptions): void {
  const { admin } = summary;
  const interactive = terminal.isTTY === true;
  const passwordFile =
    admin.email && admin.generatedPassword && !interactive
      ? writeFirstAdminFile(config, admin.email, admin.generatedPassword, log)
      : undefined;
  log.info(
    {
      website: `${config.publicUrl}/`,
      admin: `${config.publicUrl}/admin`,
      database: dialect,
      demoContentLoaded: summary.seeded,
      signIn: signInHint(admin, interactive, passwordFile),
      ...(passwordFile ? { firstAdminFile: passwordFile } : {}),
    },
    'listening',
  );
  if (!interactive) return;
  const lines = [
    '',
    `  Website:  ${config.publicUrl}/`,
    `  Admin:    ${config.publicUrl}/admin`,
    `  Database: ${dialect}${summary.seeded ? ' (demo content loaded)' : ''}`,
    ...terminalSignInLines(admin).map((l) => `  ${l}`),
    '',
  ];
  terminal.write(`${lines.join('\n')}\n`);
}

/** How to sign in, for the log: everything but a password. */
function signInHint(admin: FirstAdminResult, interactive: boolean, passwordFile: string | undefined): string {
  if (admin.created && admin.generatedPassword) {
    if (interactive) return `${admin.email} with the password generated once and printed on the terminal`;
    if (passwordFile) {
      return `${admin.email} with the password generated once into ${passwordFile} (readable by this user only): delete the file once signed in`;
    }
    return `${admin.email} once its password is set with npm run create-admin (the generated one could not be written)`;
  }
  if (admin.created) return `${admin.email} with the ADMIN_PASSWORD you configured`;
  return 'with your existing admin account (locked out? npm run create-admin)';
}

function terminalSignInLines(admin: FirstAdminResult): string[] {
  if (admin.created && admin.generatedPassword) {
    return [
      `Sign in:  ${admin.email} / ${admin.generatedPassword}`,
      '          (generated once and not shown again: change it after signing in,',
      '           or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start)',
    ];
  }
  if (admin.created) return [`Sign in:  ${admin.email} with the ADMIN_PASSWORD you configured`];
  return ['Sign in:  with your existing admin account (locked out? npm run create-admin)'];
}

/**
 * Writes the first admin's credentials for the operator, owner-only from the first byte (a file left by an
 * earlier installation is replaced, never reused with its permissions). Returns its path, or undefined when
 * it cannot be written: the admin exists, and `npm run create-admin` sets a password the operator knows.
 */
function writeFirstAdminFile(
  config: Pick<Config, 'publicUrl' | 'dataDir'>,
  email: string,
  password: string,
  log: FastifyBaseLogger,
): string | undefined {
  const file = path.join(config.dataDir, FIRST_ADMIN_FILE);
  const text = [
    `The first admin of ${config.publicUrl}/admin, created at the first start:`,
    '',
    `  E-mail:   ${email}`,
    `  Password: ${password}`,
    '',
    'The password was generated once and is kept nowhere else. Sign in, change it (Settings),',
    'then delete this file.',
    '',
  ].join('\n');
  try {
    rmSync(file, { force: true });
    writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
    return file;
  } catch (error) {
    log.error(
      { err: error, file },
      `the first admin's generated password could not be written to ${file}: set one with npm run create-admin`,
    );
    return undefined;
  }
}
