import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { pipeline, Readable } from 'node:stream';
import { contactCsvColumns } from '../../../shared/contracts/contacts';
import { contactName } from '../../../shared/contracts/contacts.values';
import type { DB } from '../../db/schema';
import { spreadsheetSafe } from '../../lib/spreadsheet-safe';
import { listExportBatch } from './contacts.repository';

import { filterOf, type FilterQuery, type StaffView } from './contacts.service';

/** The export streams at most this many rows (newest first). */
export const CONTACTS_EXPORT_MAX = 50_000;

/** 'YYYY-MM-DD HH:mm' (UTC) of an ISO time. */
export function csvDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

const EXPORT_BATCH = 500;

type ExportRow = Awaited<ReturnType<typeof listExportBatch>>[number];

function csvRecord(row: ExportRow): string[] {
  return [
    contactName(row),
    row.email,
    row.phone ?? '',
    row.service ?? '',
    row.status,
    row.priority,
    csvDate(row.created_at),
    row.message,
  ].map(spreadsheetSafe);
}

/**
 * The filtered contacts (newest first, at most CONTACTS_EXPORT_MAX) as a CSV stream: header row, the
 * columns of contactCsvColumns, RFC 4180 quoting (commas, quotes and line breaks kept as written), CRLF.
 * Rows are read in batches as the client takes them; the first batch is read before the answer starts,
 * so a database that cannot answer gets the usual error envelope.
 */
export async function exportContactsCsv(db: Kysely<DB>, query: FilterQuery, view: StaffView): Promise<Readable> {
  const filter = filterOf(query, view);
  const first = await listExportBatch(db, filter, undefined, EXPORT_BATCH);
  async function* records() {
    let batch = first;
    let sent = 0;
    while (batch.length > 0) {
      for (const row of batch.slice(0, CONTACTS_EXPORT_MAX - sent)) yield csvRecord(row);
      sent += batch.length;
      const last = batch.at(-1)!;
      if (batch.length < EXPORT_BATCH || sent >= CONTACTS_EXPORT_MAX) return;
      batch = await listExportBatch(db, filter, { created_at: last.created_at, id: Number(last.id) }, EXPORT_BATCH);
    }
  }
  // A lone CR is a line break to spreadsheets: such values are quoted like those with LF or CRLF.
  const csv = stringify({
    header: true,
    columns: [...contactCsvColumns],
    record_delimiter: 'windows',
    quoted_match: /\r/,
  });
  // A failed batch destroys the stream, which ends the download short rather than leaving it hanging.
  return pipeline(Readable.from(records()), csv, () => {});
}
