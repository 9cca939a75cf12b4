import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { certificateImportPreviewSchema, certificateImportResultSchema } from '../../../shared/contracts/certificates';
import {
  CERTIFICATE_IMPORT_MAX_BYTES,
  CERTIFICATE_IMPORT_MAX_ROWS,
  CertificateMessage,
} from '../../../shared/contracts/certificates.values';
import { ErrorCode, formatMessage } from '../../../shared/errors';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { countRows, testDialects } from '../../testing/test-database';
import { csvColumnOf, readCertificateCsv } from './certificate-csv';

const HEADER =
  'certificate_number,recipient_name,recipient_type,course_name,issue_date,expiry_date,duration,description';

/** Lines joined with CRLF, as spreadsheets write them. */
const csvOf = (...lines: string[]) => lines.join('\r\n');

describe('reading a certificate CSV', () => {
  it('maps header names and aliases in any case, with spaces or dashes', () => {
    expect(csvColumnOf(' Recipient Name ')).toBe('recipient_name');
    expect(csvColumnOf('RECIPIENT-TYPE')).toBe('recipient_type');
    expect(csvColumnOf('Course')).toBe('course_name');
    expect(csvColumnOf('Expires')).toBe('expiry_date');
    expect(csvColumnOf('Number')).toBe('certificate_number');
    expect(csvColumnOf('status')).toBeUndefined();
  });

  it('reads quoted commas, quotes and line breaks, a BOM and any line ending, numbering rows by their first line', () => {
    const csv =
      '\uFEFFName,Type,Issued,Description\n' +
      '"Ali, Hamza",intern,2026-01-05,"Said ""well done"""\n' +
      '\n' +
      'Zainab Malik,employee,2026-02-01,"Line one\nline two"\n' +
      'Bilal Ahmed,client,2026-03-01,\r\n';
    const { rows, refused } = readCertificateCsv(csv);
    expect(refused).toEqual([]);
    expect(rows.map((row) => [row.line, row.values.recipient_name, row.values.description])).toEqual([
      [2, 'Ali, Hamza', 'Said "well done"'],
      [4, 'Zainab Malik', 'Line one\nline two'],
      [6, 'Bilal Ahmed', null],
    ]);
    expect(rows[0]!.values).toMatchObject({ recipient_type: 'intern', issue_date: '2026-01-05', status: 'active' });
  });

  it('starts every row active whatever a status column says, and ignores columns it does not know', () => {
    const { rows } = readCertificateCsv(
      csvOf('recipient_name,recipient_type,issue_date,status,notes', 'A,intern,2026-01-01,revoked,x'),
    );
    expect(rows[0]!.values).toMatchObject({ status: 'active', revocation_reason: null });
  });

  it('refuses a row with more values than the header names (an unquoted comma)', () => {
    const { rows, refused } = readCertificateCsv(
      csvOf('recipient_name,recipient_type,issue_date', 'Ali, Hamza,intern,2026-01-01', 'Fine,intern,2026-01-01'),
    );
    expect(rows.map((row) => row.line)).toEqual([3]);
    expect(refused).toEqual([
      {
        line: 2,
        errors: [
          { field: 'row', message: formatMessage(CertificateMessage.IMPORT_ROW_TOO_LONG, { count: 4, columns: 3 }) },
        ],
      },
    ]);
  });

  const fileRefusal = (csv: string, message: string) => {
    try {
      readCertificateCsv(csv);
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, code: ErrorCode.VALIDATION_ERROR, message });
      return;
    }
    throw new Error('the file was accepted');
  };

  it('refuses whole files that are empty, header only, too long, too large, unreadable or lack a column', () => {
    fileRefusal('', CertificateMessage.IMPORT_EMPTY);
    fileRefusal('\uFEFF\r\n\r\n', CertificateMessage.IMPORT_EMPTY);
    fileRefusal(HEADER, CertificateMessage.IMPORT_EMPTY);
    fileRefusal(csvOf(HEADER, ',,,,,,,', ''), CertificateMessage.IMPORT_EMPTY);
    const row = ',A,intern,,2026-01-01,,,';
    readCertificateCsv(csvOf(HEADER, ...Array<string>(CERTIFICATE_IMPORT_MAX_ROWS).fill(row)));
    fileRefusal(
      csvOf(HEADER, ...Array<string>(CERTIFICATE_IMPORT_MAX_ROWS + 1).fill(row)),
      CertificateMessage.IMPORT_TOO_MANY_ROWS,
    );
    fileRefusal(`${HEADER}\n${'x'.repeat(CERTIFICATE_IMPORT_MAX_BYTES)}`, CertificateMessage.IMPORT_TOO_LARGE);
    fileRefusal(
      csvOf('recipient_name,recipient_type,issue_date', '"Ali,intern,2026-01-01', 'B,intern,2026-01-01'),
      formatMessage(CertificateMessage.IMPORT_UNREADABLE, { reason: 'a quoted value is never closed (line 3)' }),
    );
    fileRefusal(
      csvOf('recipient_name,recipient_type,issue_date', '"Ali"x,intern,2026-01-01'),
      formatMessage(CertificateMessage.IMPORT_UNREADABLE, {
        reason: 'a closing quote is followed by other text (line 2)',
      }),
    );
    // A quote inside an unquoted value (the hostile-input battery found this one answering 500).
    fileRefusal(
      csvOf('recipient_name,recipient_type,issue_date', 'Ali "the" Khan,intern,2026-01-01'),
      formatMessage(CertificateMessage.IMPORT_UNREADABLE, {
        reason: 'a quote opens in the middle of a value (line 2)',
      }),
    );
    fileRefusal(
      csvOf('name,course', 'A,B'),
      formatMessage(CertificateMessage.IMPORT_MISSING_COLUMNS, { columns: 'recipient_type, issue_date' }),
    );
  });
});

describe.each(testDialects)('CSV bulk issue on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;
  let editor: Session;

  beforeAll(async () => {
    editor = await createSignedIn(t.app, db(), { role: 'editor' });
  });
  beforeEach(async () => {
    await db().deleteFrom('certificates').execute();
    await db()
      .insertInto('certificates')
      .values({
        certificate_number: 'SST-2025-48213',
        recipient_name: 'Already Stored',
        recipient_type: 'intern',
        issue_date: '2025-01-01',
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/certificates${url}`, payload, headers: bearer(editor.token) });

  /** Two good rows (one with a typed number, one blank) and one of each kind of refusal. */
  const mixed = csvOf(
    HEADER,
    'sst-2026-10001,Hamza Ali,intern,Web Development,2026-01-05,2027-01-05,6 months,"Two projects, both shipped"',
    ',Bloom Retail,client,E-Commerce,2026-02-01,,10 weeks,',
    ',,intern,,2026-01-01,,,',
    ',Wrong Type,partner,,2026-01-01,,,',
    ',Bad Dates,intern,,2026-02-30,2026-01-01,,',
    ',Backwards,intern,,2026-03-01,2026-02-01,,',
    'SST-2025-48213,Stored Number,intern,,2026-01-01,,,',
    'SST-2026-20002,Twice A,intern,,2026-01-01,,,',
    'SST-2026-20002,Twice B,intern,,2026-01-01,,,',
    'SST-26-1,Bad Number,intern,,2026-01-01,,,',
  );
  const expectedRefusals = [
    { line: 4, errors: [{ field: 'recipient_name', message: CertificateMessage.RECIPIENT_REQUIRED }] },
    { line: 5, errors: [{ field: 'recipient_type', message: CertificateMessage.TYPE_REQUIRED }] },
    { line: 6, errors: [{ field: 'issue_date', message: CertificateMessage.ISSUE_DATE_INVALID }] },
    { line: 7, errors: [{ field: 'expiry_date', message: CertificateMessage.EXPIRY_BEFORE_ISSUE }] },
    {
      line: 8,
      errors: [
        {
          field: 'certificate_number',
          message: formatMessage(CertificateMessage.NUMBER_TAKEN, { number: 'SST-2025-48213' }),
        },
      ],
    },
    ...[9, 10].map((line) => ({
      line,
      errors: [
        {
          field: 'certificate_number',
          message: formatMessage(CertificateMessage.IMPORT_DUPLICATE_IN_FILE, { number: 'SST-2026-20002' }),
        },
      ],
    })),
    { line: 11, errors: [{ field: 'certificate_number', message: CertificateMessage.NUMBER_FORMAT }] },
  ];

  it('previews the rows it would create and those it refuses with every reason, writing nothing', async () => {
    const res = await post('/import/preview', { csv: mixed });
    expect(res.statusCode, res.body).toBe(200);
    const preview = certificateImportPreviewSchema.parse(res.json().data);
    expect(preview.rows).toEqual([
      {
        line: 2,
        certificate_number: 'SST-2026-10001',
        recipient_name: 'Hamza Ali',
        recipient_type: 'intern',
        course_name: 'Web Development',
        issue_date: '2026-01-05',
        expiry_date: '2027-01-05',
        duration: '6 months',
        description: 'Two projects, both shipped',
      },
      {
        line: 3,
        certificate_number: null,
        recipient_name: 'Bloom Retail',
        recipient_type: 'client',
        course_name: 'E-Commerce',
        issue_date: '2026-02-01',
        expiry_date: null,
        duration: '10 weeks',
        description: null,
      },
    ]);
    expect(preview.refused).toEqual(expectedRefusals);
    expect(await countRows(db(), 'certificates')).toBe(1);
  });

  it('creates the good rows in one go, generating numbers for blank ones, and answers the refused rows', async () => {
    const res = await post('/import', { csv: mixed, expected: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(formatMessage(CertificateMessage.IMPORTED, { count: 2 }));
    const result = certificateImportResultSchema.parse(res.json().data);
    expect(result.refused).toEqual(expectedRefusals);
    expect(result.created.map((c) => c.recipient_name)).toEqual(['Hamza Ali', 'Bloom Retail']);
    expect(result.created[0]).toMatchObject({ certificate_number: 'SST-2026-10001', status: 'active' });
    expect(result.created[1]!.certificate_number).toMatch(/^SST-2026-[1-9]\d{4}$/);
    expect(result.created[1]).toMatchObject({ expiry_date: null, effective_status: 'active', revoked_at: null });
    expect(await countRows(db(), 'certificates')).toBe(3);
    const stored = await db()
      .selectFrom('certificates')
      .select(['certificate_number', 'status', 'expiry_date'])
      .where('recipient_name', '=', 'Bloom Retail')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      certificate_number: result.created[1]!.certificate_number,
      status: 'active',
      expiry_date: null,
    });
  });

  it('refuses an import whose count no longer matches the preview (409), creating nothing', async () => {
    const res = await post('/import', { csv: mixed, expected: 3 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: ErrorCode.CONFLICT,
      message: formatMessage(CertificateMessage.IMPORT_CHANGED, { count: 2, expected: 3 }),
    });
    expect(await countRows(db(), 'certificates')).toBe(1);
  });

  it('answers a file with no acceptable row 400 with each refusal as "line N: field"', async () => {
    const csv = csvOf('recipient_name,recipient_type,issue_date', ',intern,2026-01-01', 'B,nobody,2026-13-01');
    const res = await post('/import', { csv });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: ErrorCode.VALIDATION_ERROR,
      message: CertificateMessage.IMPORT_NOTHING_VALID,
      errors: [
        { field: 'line 2: recipient_name', message: CertificateMessage.RECIPIENT_REQUIRED },
        { field: 'line 3: recipient_type', message: CertificateMessage.TYPE_REQUIRED },
        { field: 'line 3: issue_date', message: CertificateMessage.ISSUE_DATE_INVALID },
      ],
    });
    expect(await countRows(db(), 'certificates')).toBe(1);
  });

  it("refuses whole-file problems with 400 and the catalogue's message on both calls", async () => {
    for (const url of ['/import/preview', '/import']) {
      const empty = await post(url, { csv: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        code: ErrorCode.VALIDATION_ERROR,
        message: CertificateMessage.IMPORT_EMPTY,
      });
      const missing = await post(url, { csv: csvOf('name', 'A') });
      expect(missing.json().message).toBe(
        formatMessage(CertificateMessage.IMPORT_MISSING_COLUMNS, { columns: 'recipient_type, issue_date' }),
      );
      const large = await post(url, { csv: 'x'.repeat(CERTIFICATE_IMPORT_MAX_BYTES + 1) });
      expect(large.statusCode).toBe(400);
      expect(large.json().message).toBe(CertificateMessage.IMPORT_TOO_LARGE);
      expect((await post(url, {})).statusCode).toBe(400);
    }
    expect(await countRows(db(), 'certificates')).toBe(1);
  });

  it('creates a full file of the largest size in one transaction', async () => {
    const rows = Array.from({ length: CERTIFICATE_IMPORT_MAX_ROWS }, (_, i) => `Person ${i},employee,2026-04-01`);
    const res = await post('/import', { csv: csvOf('recipient_name,recipient_type,issue_date', ...rows) });
    expect(res.statusCode, res.body).toBe(200);
    const numbers = new Set(
      (res.json().data.created as { certificate_number: string }[]).map((c) => c.certificate_number),
    );
    expect(numbers.size).toBe(CERTIFICATE_IMPORT_MAX_ROWS);
    expect(await countRows(db(), 'certificates')).toBe(CERTIFICATE_IMPORT_MAX_ROWS + 1);
  });
});
