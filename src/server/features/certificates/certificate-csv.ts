import type { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import {
  certificateWriteSchema,
  type CertificateCsvColumn,
  type CertificateImportRefusal,
  type CertificateWrite,
} from '../../../shared/contracts/certificates';
import {
  CERTIFICATE_IMPORT_MAX_BYTES,
  CERTIFICATE_IMPORT_MAX_ROWS,
  CertificateMessage,
  certificateCsvAliases,
  certificateCsvColumns,
  certificateCsvRequiredColumns,
} from '../../../shared/contracts/certificates.values';
import { ErrorCode, formatMessage, type FieldError } from '../../../shared/errors';
import { AppError } from '../../lib/errors';

/*
 * The CSV bulk issue's reading: csv-parse (RFC 4180: quoted commas, quotes and line breaks), the header row
 * mapped to the template's columns, every row checked with the certificate form's own schema. Pure: what is
 * already stored is the service's business.
 */

/** A row of the file that passed the form's checks; `values.certificate_number` undefined: to be generated. */
export interface CheckedCsvRow {
  line: number;
  values: CertificateWrite;
}

export interface CheckedCsv {
  rows: CheckedCsvRow[];
  refused: CertificateImportRefusal[];
}

const fileError = (message: string) => new AppError(400, ErrorCode.VALIDATION_ERROR, message);

/** The template column a header cell names: the column itself or an alias, in any case, spaces or dashes. */
export function csvColumnOf(header: string): CertificateCsvColumn | undefined {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (certificateCsvColumns as readonly string[]).includes(key)
    ? (key as CertificateCsvColumn)
    : certificateCsvAliases[key];
}

/** What went wrong in csv-parse's words, without the text of the file. */
function unreadableReason(error: CsvError): string {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` (line ${line})` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quoted value is never closed${where}`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `a closing quote is followed by other text${where}`;
    case 'INVALID_OPENING_QUOTE':
      return `a quote opens in the middle of a value${where}`;
    case 'CSV_MAX_RECORD_SIZE':
      return `a row is too long${where}`;
    default:
      return `its structure is not valid${where}`;
  }
}

/** csv-parse's codes: CSV_… and a few without the prefix (INVALID_OPENING_QUOTE, INVALID_BUFFER_STATE). */
function isCsvError(error: unknown): error is CsvError {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && (code.startsWith('CSV_') || code.startsWith('INVALID_'));
}

/** The 1-based line a record starts on, from the line it ends on and its raw text. */
function startLine(endLine: number, raw: string): number {
  const body = raw.replace(/^\n+/, '').replace(/\n$/, '');
  return endLine - (body.match(/\n/g)?.length ?? 0);
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
  raw: string;
}

/**
 * Reads the file and checks each row. Whole-file problems (too large, unreadable, no header or rows, too
 * many rows, a required column missing) are 400s with the catalogue's messages; a row's problems refuse
 * that row only, with every reason. A number appearing twice in the file refuses each of its rows.
 */
export function readCertificateCsv(csv: string): CheckedCsv {
  if (Buffer.byteLength(csv, 'utf8') > CERTIFICATE_IMPORT_MAX_BYTES) {
    throw fileError(CertificateMessage.IMPORT_TOO_LARGE);
  }
  let records: ParsedRecord[];
  try {
    // Line endings made one (CRLF, LF and CR alike) so that line numbers and parsing agree whatever wrote it.
    records = parse(csv.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      relax_column_count: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    // By its code rather than instanceof: csv-parse's CommonJS and ES builds each have their own CsvError.
    if (isCsvError(error)) {
      throw fileError(formatMessage(CertificateMessage.IMPORT_UNREADABLE, { reason: unreadableReason(error) }));
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header || body.length === 0) throw fileError(CertificateMessage.IMPORT_EMPTY);
  if (body.length > CERTIFICATE_IMPORT_MAX_ROWS) throw fileError(CertificateMessage.IMPORT_TOO_MANY_ROWS);

  // Each template column's position; the first header cell naming a column wins, unknown ones are ignored.
  const position = new Map<CertificateCsvColumn, number>();
  header.record.forEach((cell, index) => {
    const column = csvColumnOf(cell);
    if (column && !position.has(column)) position.set(column, index);
  });
  const missing = certificateCsvRequiredColumns.filter((column) => !position.has(column));
  if (missing.length > 0) {
    throw fileError(formatMessage(CertificateMessage.IMPORT_MISSING_COLUMNS, { columns: missing.join(', ') }));
  }

  const checked: CheckedCsv = { rows: [], refused: [] };
  for (const { record, info, raw } of body) {
    const line = startLine(info.lines, raw);
    if (record.length > header.record.length) {
      const message = formatMessage(CertificateMessage.IMPORT_ROW_TOO_LONG, {
        count: record.length,
        columns: header.record.length,
      });
      checked.refused.push({ line, errors: [{ field: 'row', message }] });
      continue;
    }
    const input = Object.fromEntries([...position].map(([column, index]) => [column, record[index] ?? '']));
    // Every certificate issued in bulk starts active, whatever the file says.
    const result = certificateWriteSchema.safeParse({ ...input, status: 'active' });
    if (result.success) {
      checked.rows.push({ line, values: result.data });
    } else {
      const errors: FieldError[] = result.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? 'row'),
        message: issue.message,
      }));
      checked.refused.push({ line, errors });
    }
  }

  // A number given twice: neither row is taken, as the file does not say which one is meant.
  const lines = new Map<string, number>();
  for (const row of checked.rows) {
    const number = row.values.certificate_number;
    if (number) lines.set(number, (lines.get(number) ?? 0) + 1);
  }
  const duplicated = (row: CheckedCsvRow) => (lines.get(row.values.certificate_number ?? '') ?? 0) > 1;
  for (const row of checked.rows.filter(duplicated)) {
    const message = formatMessage(CertificateMessage.IMPORT_DUPLICATE_IN_FILE, {
      number: row.values.certificate_number!,
    });
    checked.refused.push({ line: row.line, errors: [{ field: 'certificate_number', message }] });
  }
  checked.rows = checked.rows.filter((row) => !duplicated(row));
  checked.refused.sort((a, b) => a.line - b.line);
  return checked;
}
