import fc from 'fast-check';
import { HOSTILE_STRINGS, hostileString, plausibleValue, type JsonSchema } from './hostile-input';

/*
 * Hostile staff input: what an editor or an admin may type into the site's content and the site then shows
 * to every visitor. The API battery (hostile-battery.ts) checks that refusals are clean; these bodies are
 * meant to be accepted, so that the hostile text is stored and the public pages must render it.
 */

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/blog/posts/{slugOrId}. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  jsonBody?: JsonSchema;
  /** The operation takes a body, but not JSON (uploads). */
  otherBody: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The operations of an OpenAPI 3 description (GET /api/docs/json, or app.swagger()). */
export function operationsOfDocument(doc: unknown): Operation[] {
  const { paths } = doc as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const upper = method.toUpperCase();
      operations.push({
        method: upper,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        jsonBody: content['application/json']?.schema,
        otherBody: !content['application/json'] && ['POST', 'PUT', 'PATCH'].includes(upper),
      });
    }
  }
  return operations;
}

/**
 * Writes that are not content: signing in and out, accounts and roles (a hostile body could lock the
 * battery's own staff out), backups and restores, system settings (maintenance mode would answer every
 * page with 503 by design), and what visitors send that no page shows (the quote form, newsletter sign-ups,
 * analytics beacons, client error reports).
 */
const NOT_CONTENT =
  /^\/api\/(auth|users|backups|system|contacts|newsletter|analytics|client-errors|notifications|uploads)\b/;

/** The JSON writes (POST, PUT, PATCH) of the description whose values a public page may show. */
export function contentWrites(operations: Operation[]): Operation[] {
  return operations.filter(
    (op) => ['POST', 'PUT', 'PATCH'].includes(op.method) && op.jsonBody !== undefined && !NOT_CONTENT.test(op.path),
  );
}

/** What keeps a written item on the public pages: shown, published, featured, finished. */
function visibleValue(name: string, schema: JsonSchema): unknown {
  if (schema.enum?.includes('published')) return 'published';
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (/^(active|featured|published|is_?featured|is_?active)$/i.test(name)) {
    if (type.includes('boolean')) return true;
    if (type.includes('integer') || type.includes('number')) return 1;
  }
  if (name === 'status' && !schema.enum && type.includes('string')) return 'done';
  return undefined;
}

let unique = 0;

/**
 * Fields with a format of their own (addresses, pictures, slugs, colours, phone numbers, dates): a value of
 * that format, so that a body is refused for its hostile text, not for a field the battery is not about.
 * They keep it: hostile text goes into the free-text fields only.
 */
const FORMATTED: Array<[RegExp, () => unknown]> = [
  [/slug$/i, () => `fuzz-${Date.now().toString(36)}-${(unique += 1)}`],
  [/(image|photo|avatar|background|logo|thumbnail|og_?image)(_?url)?$/i, () => '/images/fuzz.png'],
  [/^(cta|button)_?(url|link|href)$/i, () => '#get-quote'],
  [/(url|link|href|website)$/i, () => 'https://example.test/page'],
  [/^(linkedin|github|twitter|facebook|instagram|threads)$/i, () => 'https://example.test/profile'],
  [/colou?r$/i, () => '#3B82F6'],
  [/date$/i, () => '2026-01-15'],
  [/email$/i, () => `fuzz${(unique += 1)}@example.test`],
  [/(phone|whatsapp)$/i, () => '+1 555 0100'],
  [/analytics_?id$/i, () => ''],
];

const formattedValue = (name: string) => FORMATTED.find(([pattern]) => pattern.test(name))?.[1];

function isStringSchema(schema: JsonSchema): boolean {
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  return type.includes('string') && !schema.enum && !schema.format;
}

const OBJECT_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

/** A hostile text that the field's length limit lets through (the longest strings are refused otherwise). */
function hostileText(schema: JsonSchema): fc.Arbitrary<string> {
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const min = schema.minLength ?? 0;
  // Text with NUL is refused everywhere by design (the API battery checks that refusal): it would store nothing.
  const fitting = HOSTILE_STRINGS.filter((s) => s.length <= max && s.length >= min && !s.includes('\u0000'));
  const arbitrary = fc.oneof(
    { weight: 3, arbitrary: fitting.length ? fc.constantFrom(...fitting) : fc.constant('x'.repeat(min)) },
    // Names every object has: a page that looks a stored name up in a table of its own must not find them.
    { weight: 2, arbitrary: fc.constantFrom(...OBJECT_KEYS) },
    { weight: 1, arbitrary: hostileString().map((text) => text.replaceAll('\u0000', '')) },
  );
  return arbitrary.map((text) => (text.length < min ? text.padEnd(min, 'x') : text.slice(0, max)));
}

/**
 * A body the write probably accepts (plausibleValue), kept visible on the public pages, with its free-text
 * fields (names, titles, icons, texts, markdown, lists of texts) replaced by hostile text of a length the
 * field allows.
 */
export function hostileStaffBody(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {}).map(
    ([name, property]) => [name, unwrap(property)] as const,
  );
  const texts = properties.filter(
    ([name, property]) => !formattedValue(name) && (isStringSchema(property) || isStringList(property)),
  );
  const picked = texts.length
    ? fc.subarray(
        texts.map(([name]) => name),
        { minLength: 1 },
      )
    : fc.constant([] as string[]);
  return picked
    .chain((names) =>
      fc.record(
        Object.fromEntries(
          texts
            .filter(([name]) => names.includes(name))
            .map(([name, property]) => [
              name,
              isStringList(property)
                ? fc.array(hostileText(property.items ?? {}), { minLength: property.minItems ?? 1, maxLength: 3 })
                : hostileText(property),
            ]),
        ) as Record<string, fc.Arbitrary<unknown>>,
      ),
    )
    .map((hostile) => {
      const body = plausibleValue(schema) as Record<string, unknown>;
      for (const [name, property] of properties) {
        const formatted = formattedValue(name);
        const type = Array.isArray(property.type) ? property.type : [property.type];
        if (formatted && type.includes('string')) body[name] = formatted();
        if (isStringList(property) && Array.isArray(body[name]) && !(body[name] as unknown[]).length) {
          body[name] = ['Fuzz'];
        }
        const visible = visibleValue(name, property);
        if (visible !== undefined) body[name] = visible;
      }
      return { ...body, ...hostile };
    });
}

/** A nullable field's schema (anyOf: [the field, null]) as the field's. */
function unwrap(schema: JsonSchema): JsonSchema {
  const choices = schema.anyOf ?? schema.oneOf;
  if (!choices) return schema;
  return choices.find((choice) => choice.type !== 'null') ?? schema;
}

function isStringList(schema: JsonSchema): boolean {
  return schema.type === 'array' && schema.items !== undefined && isStringSchema(schema.items);
}
