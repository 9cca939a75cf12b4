import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { z } from 'zod';
import { loadConfig, readEnvironment } from '../src/server/config';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { upsertAdmin } from '../src/server/features/users/first-admin';

/**
 * `create-admin`, for operators locked out: creates an admin, or makes an existing account with that e-mail
 * an active admin with the new password. `npm run create-admin -- --email a@b.c --password '…'`, or answer
 * the prompts. Exit code 2 when the e-mail or password is missing or invalid.
 */
async function ask(question: string): Promise<string> {
  if (!process.stdin.isTTY)
    throw new Error(`${question.trim()} is required (pass it as a flag when not on a terminal)`);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

const input = z.object({
  email: z.email('E-mail must be a valid email address'),
  password: z.string().min(12, 'Password must be at least 12 characters long'),
});

/** The e-mail and password from the flags or the prompts, or null once what is wrong has been printed. */
async function readInput(values: { email?: string; password?: string }) {
  try {
    const email = values.email ?? (await ask('Admin e-mail: '));
    const password = values.password ?? (await ask('New password (at least 12 characters): '));
    const parsed = input.safeParse({ email, password });
    if (parsed.success) return parsed.data;
    console.error(parsed.error.issues.map((issue) => issue.message).join('\n'));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
  }
  return null;
}

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
  });
  const given = await readInput(values);
  if (!given) return 2;
  const { email, password } = given;

  const config = loadConfig(readEnvironment());
  const database = createDatabase(config.databaseUrl, { poolMax: config.databasePoolMax });
  try {
    await migrateToLatest(database.db);
    const result = await upsertAdmin(database.db, { email, password, username: values.username });
    console.log(
      result === 'created'
        ? `Created admin ${email}.`
        : `Updated ${email}: active admin with the new password; its sign-in lock and any two-factor authentication (authenticator and recovery codes) are removed: set it up again in Settings.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
