/**
 * The contact requests part of `npm run bench` (alone: `npm run bench -- --contacts`): the public
 * POST /api/contacts and the staff list at CONTACTS_BENCH_COUNT stored contacts, on SQLite.
 *
 * The server runs with TRUST_PROXY=127.0.0.1 and every submission carries an X-Forwarded-For address of
 * its own, so what is measured is storing a contact, not the per-client limiter (5 per 10 minutes) that
 * would otherwise answer 429 after the fifth request. The staff calls are made signed in as the first
 * admin. No bare-server baseline (every answer is different). Results go to bench/results/contacts.json.
 */
import path from 'node:path';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrator';
import { seedDemoContent } from '../src/server/seed/seed';
import { contactPriorities, contactStatuses } from '../src/shared/contracts/contacts.values';
import { fromNewAddresses, runApiBench, type ApiTarget } from './api-bench';

export const CONTACTS_BENCH_COUNT = 10_000;
const INSERT_BATCH = 500;

/** Schema, demo content and `count` contacts spread over the last year, inserted in batches. */
async function prepareDatabase(dataDir: string, count: number): Promise<{ services: string[] }> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'app.db')}`);
  try {
    await migrateToLatest(database.db);
    await seedDemoContent(database.db);
    const services = (await database.db.selectFrom('company_core_services').select('name').execute()).map(
      (row) => row.name,
    );
    const now = Date.now();
    for (let start = 0; start < count; start += INSERT_BATCH) {
      const rows = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, i) => {
        const n = start + i;
        const created = new Date(now - Math.floor((n / count) * 365 * 86_400_000)).toISOString();
        return {
          first_name: `First${n}`,
          last_name: `Last${n}`,
          email: `visitor${n}@example.com`,
          phone: n % 3 === 0 ? null : `+1 555 ${String(n).padStart(6, '0')}`,
          service: services.length > 0 && n % 4 !== 0 ? services[n % services.length]! : null,
          message: `Request number ${n}: we would like a quote for a new website, an app and some design work.`,
          status: contactStatuses[n % contactStatuses.length]!,
          priority: contactPriorities[n % contactPriorities.length]!,
          read_at: n % 2 === 0 ? created : null,
          created_at: created,
          updated_at: created,
        };
      });
      await database.db.insertInto('contacts').values(rows).execute();
    }
    return { services };
  } finally {
    await database.close();
  }
}

function targetsFor(token: string, services: string[]): ApiTarget[] {
  const staff = { authorization: `Bearer ${token}` };
  const submission = JSON.stringify({
    first_name: 'Bench',
    last_name: 'Visitor',
    email: 'bench.visitor@example.com',
    phone: '+1 555 0100',
    service: services[0] ?? '',
    message: 'We would like a quote for a new company website with a blog and a contact form.',
  });
  return [
    {
      name: 'contact submission (new address each)',
      method: 'POST',
      path: '/api/contacts',
      request: { requests: fromNewAddresses('POST', '/api/contacts', submission) },
    },
    { name: 'staff list, page 1', method: 'GET', path: '/api/contacts/admin', request: { headers: staff } },
    {
      name: 'staff list, status filter, page 20',
      method: 'GET',
      path: '/api/contacts/admin?status=contacted&page=20',
      request: { headers: staff },
    },
    {
      name: 'staff list, search',
      method: 'GET',
      path: '/api/contacts/admin?search=visitor123',
      request: { headers: staff },
    },
    { name: 'staff stats', method: 'GET', path: '/api/contacts/admin/stats', request: { headers: staff } },
  ];
}

async function countStored(dataDir: string): Promise<number> {
  const database = createDatabase(`sqlite:${path.join(dataDir, 'app.db')}`);
  try {
    const row = await database.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await database.close();
  }
}

export async function runContactsBench(): Promise<void> {
  await runApiBench({
    slug: 'contacts',
    count: CONTACTS_BENCH_COUNT,
    noun: 'contacts',
    prepare: (dataDir) => prepareDatabase(dataDir, CONTACTS_BENCH_COUNT),
    targets: (token, { services }) => targetsFor(token, services),
    countAfter: countStored,
  });
}
