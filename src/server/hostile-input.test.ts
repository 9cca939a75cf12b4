import { describe, expect, it } from 'vitest';
import { describeHostileBattery } from './testing/hostile-battery';
import fc from 'fast-check';
import { HOSTILE_STRINGS, encodePart, plausibleValue, type JsonSchema } from './testing/hostile-input';
import { contentWrites, hostileStaffBody, type Operation } from './testing/hostile-staff';

// Every API operation against hostile input (testing/hostile-battery.ts), here on SQLite; PostgreSQL and
// MySQL in hostile-input.postgres.test.ts and hostile-input.mysql.test.ts.
describeHostileBattery('sqlite');

describe('the hostile input generators', () => {
  it('make plausible bodies that a schema with required fields accepts the shape of', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { email: { type: 'string' }, count: { type: 'integer', minimum: 5 }, kind: { enum: ['a', 'b'] } },
    };
    const value = plausibleValue(schema) as Record<string, unknown>;
    expect(value.email).toMatch(/@example\.test$/);
    expect(value.count).toBe(5);
    expect(value.kind).toBe('a');
  });

  it('make staff bodies that keep the item shown and put hostile text of an allowed length in its text fields', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 200 },
        icon: { anyOf: [{ type: 'string', maxLength: 100 }, { type: 'null' }] },
        status: { enum: ['draft', 'published'] },
        active: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string', maxLength: 50 } },
      },
    };
    const bodies = fc.sample(hostileStaffBody(schema), { numRuns: 200, seed: 1 });
    for (const body of bodies) {
      expect(body.status).toBe('published');
      expect(body.active).toBe(true);
      expect(String(body.title).length).toBeLessThanOrEqual(200);
    }
    const icons = new Set(bodies.map((body) => body.icon));
    expect(icons.has('constructor') || icons.has('__proto__')).toBe(true);
    expect(bodies.some((body) => HOSTILE_STRINGS.includes(body.title as string))).toBe(true);
  });

  it('pick the content writes, not accounts, backups, system settings or visitor forms', () => {
    const op = (method: string, path: string): Operation => ({
      method,
      path,
      pathParams: [],
      query: [],
      jsonBody: { type: 'object' },
      otherBody: false,
    });
    const picked = contentWrites([
      op('POST', '/api/services'),
      op('PUT', '/api/blog/posts/{id}'),
      op('GET', '/api/services'),
      op('PUT', '/api/system/settings'),
      op('POST', '/api/auth/register'),
      op('PATCH', '/api/users/{id}/role'),
      op('POST', '/api/backups'),
      op('POST', '/api/contacts'),
    ]).map((o) => `${o.method} ${o.path}`);
    expect(picked).toEqual(['POST /api/services', 'PUT /api/blog/posts/{id}']);
  });

  it('encode lone surrogates and NUL without throwing, as the bytes a client would send', () => {
    expect(encodePart('\uD800')).toBe('%EF%BF%BD');
    expect(encodePart('a\u0000b')).toBe('a%00b');
    expect(encodePart('é')).toBe('%C3%A9');
  });
});
