import fc from 'fast-check';

/*
 * Hostile input for the property tests that walk every route of the OpenAPI description
 * (src/server/hostile-input.test.ts): what an attacker, a broken client or a fuzzer sends.
 * Requests are plain objects, so a failing case prints as something one can replay with curl.
 */

/** Strings that broke, or could break, a database, a parser or a page. */
export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\uD800', // lone high surrogate
  'x\uDFFFy', // lone low surrogate
  '\uFEFF\u200B\u200D', // BOM and zero-width characters
  '\u202Eevil\u202C', // right-to-left override
  'مرحبا بالعالم',
  '👩‍💻🚀🏳️‍🌈',
  '𝕳𝖊𝖑𝖑𝖔',
  'e\u0301\u0301\u0301\u0301',
  '',
  ' ',
  '\t\r\n',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '%',
  '_',
  '%_\\',
  '\\',
  '`',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999999',
  '0x1F',
  '1.5',
  ' 1',
  'true',
  '0000-00-00',
  '2026-02-30',
  '9999-99-99T99:99:99Z',
  'a@b',
  'x'.repeat(256),
  'x'.repeat(20_000),
  'é'.repeat(70_000),
];

/** Numbers at and past the edges of every column type. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1,
  0.5,
  -0.5,
  1e-300,
  127,
  128,
  32767,
  32768,
  65535,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
];

const pollutingObjects = [
  JSON.parse('{"__proto__":{"polluted":"yes"}}') as unknown,
  { constructor: { prototype: { polluted: 'yes' } } },
  { prototype: { polluted: 'yes' } },
];

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    // A hostile piece inside otherwise ordinary text.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 100)))
        .map(([text, piece]) => `${text}${piece}${text}`),
    },
  );

export const hostileNumber = (): fc.Arbitrary<number> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );

/** A value of any wrong shape for a field. */
export const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: hostileString() },
    { weight: 3, arbitrary: hostileNumber() },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        [],
        {},
        [null],
        ['\u0000'],
        [2_147_483_648],
        Array.from({ length: 500 }, (_, i) => i),
        nested(60),
        ...pollutingObjects,
      ),
    },
  );

/** Bodies that are not the JSON they claim to be, or JSON that no route expects. */
export const RAW_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  'nul',
  '[1,2',
  '\u0000',
  '{"a":1e309}',
  '{"id":99999999999999999999999}',
  '"a string"',
  '[]',
  'null',
  '1',
  'true',
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
  '['.repeat(10_000) + ']'.repeat(10_000),
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\uFEFF{}',
];

/** Path segments, already encoded for the URL: the raw forms matter (%00, invalid UTF-8, dot segments). */
export const RAW_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%FF',
  '%C0%AF',
  '%E0%A4%A',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483647',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999999',
  '%20',
  'x'.repeat(299),
  'x'.repeat(301),
  '%3Cscript%3E',
  '__proto__',
  'constructor',
];

/** encodeURIComponent, except that a lone surrogate is sent as the replacement character's bytes. */
export function encodePart(value: string): string {
  return Buffer.from(value, 'utf8')
    .toString('latin1')
    .replace(/[^A-Za-z0-9\-_.~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The parts of an OpenAPI 3 schema that the generators read. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  default?: unknown;
}

/** A small bulk-issue file: one row with a number, one without, one refused. */
const CERTIFICATE_CSV = [
  'certificate_number,recipient_name,recipient_type,course_name,issue_date,expiry_date,duration,description',
  ',Fuzz Person,intern,Fuzz Course,2026-01-15,,3 months,"Fuzz, with a comma"',
  ',,intern,,2026-01-15,,,',
].join('\r\n');

/**
 * A value that the schema probably accepts, so that a request with one hostile field gets past the others
 * and reaches the code behind validation.
 */
export function plausibleValue(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'fuzz';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return plausibleValue(choice, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email' || /email/i.test(name))
        return `fuzz${Math.floor(Math.random() * 1e9)}@example.test`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date' || /date/i.test(name)) return '2026-01-15';
      // Certificates: a well-formed number (mostly free), and a CSV file the bulk issue reads.
      if (name === 'certificate_number') return `SST-2026-${10_000 + Math.floor(Math.random() * 90_000)}`;
      if (name === 'csv') return CERTIFICATE_CSV;
      if (schema.format === 'uri' || /url/i.test(name)) return 'https://example.test/page';
      const text = `Fuzz ${name || 'value'} text that is long enough to pass minimum lengths of fields like content`;
      return text.repeat(Math.max(1, Math.ceil((schema.minLength ?? 0) / text.length)));
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => plausibleValue(schema.items, name)) : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, plausibleValue(property, key)]),
      );
    default:
      return 'fuzz';
  }
}

/** A plausible object body with one to three of its fields replaced by hostile values (and maybe an extra key). */
export function hostileObjectBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  const extraKeys = ['__proto__', 'constructor', 'prototype', 'id', 'role', 'password_hash', 'x'.repeat(300)];
  return fc
    .tuple(
      names.length ? fc.subarray(names, { minLength: 1, maxLength: Math.min(3, names.length) }) : fc.constant([]),
      fc.array(hostileValue(), { minLength: 3, maxLength: 3 }),
      fc.option(fc.tuple(fc.constantFrom(...extraKeys), hostileValue()), { freq: 4 }),
    )
    .map(([picked, values, extra]) => {
      const body = plausibleValue(schema) as Record<string, unknown>;
      picked.forEach((name, i) => {
        body[name] = values[i];
      });
      if (extra) Object.defineProperty(body, extra[0], { value: extra[1], enumerable: true, writable: true });
      return body;
    });
}
