/** The tables and lines `npm run bench -- --instances` prints. */
import { percentile } from './environment';
import type { LoadFigures } from './load';
import { KINDS, totalTally, type KindTally, type RollingResult } from './rolling-restart';
import { fixed, table } from './table';

export interface PageRow {
  path: string;
  mode: 'cached' | 'cache off';
  connections: number;
  one: LoadFigures;
  two: LoadFigures;
  /** two / one − 1, in percent. */
  gainPercent: number;
  /** The machine's 1-minute load average after the row: other work skews the figures. */
  loadAverage1m: number;
}

export interface PurgeFigures {
  rounds: number;
  /** From A's answer to B showing the change, ms (sorted). */
  latencies: number[];
  missed: number;
  /** How long B was polled before an edit counted as missed. */
  giveUpMs: number;
  transport: string;
}

export const gain = (percent: number) =>
  Number.isFinite(percent) ? `${percent >= 0 ? '+' : ''}${fixed(percent, 0)} %` : 'n/a';
/** The mean of the measured rows (a row where one instance served nothing has no gain). */
export const average = (values: number[]) => {
  const measured = values.filter(Number.isFinite);
  return measured.length > 0 ? measured.reduce((sum, v) => sum + v, 0) / measured.length : Number.NaN;
};

export function pagesTable(rows: PageRow[]): string {
  return table(
    [
      ['page', 'mode', 'conn.', 'one req/s', 'one p99', 'both req/s', 'both p99', 'gain', 'load avg'],
      ...rows.map((r) => [
        r.path,
        r.mode,
        String(r.connections),
        fixed(r.one.reqPerSec, 0),
        `${r.one.latencyP99Ms} ms`,
        fixed(r.two.reqPerSec, 0),
        `${r.two.latencyP99Ms} ms`,
        gain(r.gainPercent),
        fixed(r.loadAverage1m, 2),
      ]),
    ],
    (column) => column >= 2,
  );
}

export function writesTable(rows: Array<[string, LoadFigures]>): string {
  return table(
    [
      ['through both', 'req/s', 'p50', 'p99', 'requests', 'non-2xx', 'errors'],
      ...rows.map(([name, f]) => [
        name,
        fixed(f.reqPerSec, 1),
        `${f.latencyP50Ms} ms`,
        `${f.latencyP99Ms} ms`,
        String(f.requests),
        String(f.non2xx),
        String(f.errors + f.timeouts),
      ]),
    ],
    (column) => column >= 1,
  );
}

export function purgeLines(p: PurgeFigures): string[] {
  const stat = (q: number) => (p.latencies.length > 0 ? `${percentile(p.latencies, q)} ms` : 'n/a');
  return [
    `Cross-instance purge (${p.rounds} edits of the tagline on A, B's cached / polled until it shows; COHERENCE_POLL_SECONDS=3600)`,
    `  from A's answer to B showing it: p50 ${stat(0.5)}, p99 ${stat(0.99)}, max ${p.latencies.length > 0 ? `${p.latencies.at(-1)} ms` : 'n/a'}; ` +
      `not seen within ${p.giveUpMs / 1000} s: ${p.missed}`,
    `  bus transport: ${p.transport}`,
  ];
}

function rollingTable(r: RollingResult): string {
  const row = (name: string, t: KindTally) => [
    name,
    String(t.sent),
    String(t.retried),
    String(t.ok),
    String(t.clientErrors),
    String(t.serverErrors),
    String(t.noAnswer),
    String(t.failed),
    Object.entries(t.detail)
      .filter(([key]) => key !== '200' && key !== '201')
      .map(([key, n]) => `${key}:${n}`)
      .join(' '),
  ];
  return table(
    [
      [
        'rolling restart',
        'sent',
        'retried',
        '2xx',
        '4xx',
        '5xx',
        'no answer',
        'failed-not-retryable',
        'other outcomes',
      ],
      ...KINDS.map((kind) => row(kind, r.tallies[kind])),
      row('total', totalTally(r.tallies)),
    ],
    (column) => column >= 1 && column <= 7,
  );
}

export function rollingLines(r: RollingResult): string[] {
  const restarts = r.restarts.map(
    (x) => `${x.name}: exit ${x.stopMs} ms after SIGTERM, ready ${x.readyMs} ms after start`,
  );
  return [
    `Rolling restart under mixed load (${r.seconds} s; ${restarts.join('; ')})`,
    rollingTable(r),
    '  retried: no answer or 503 from the first instance, sent again to the other; failed-not-retryable: the final' +
      ' answer (after that one retry) a 5xx or none',
    `  acknowledged writes found in the database: quote form ${r.contacts.found} / ${r.contacts.acknowledged}, ` +
      `admin edits (new categories) ${r.categories.found} / ${r.categories.acknowledged}`,
    `  uploads acknowledged and then served by the other instance: ${r.uploads.served} / ${r.uploads.acknowledged}` +
      (r.uploads.notServed.length > 0 ? ` (e.g. ${r.uploads.notServed.slice(0, 3).join('; ')})` : ''),
  ];
}
