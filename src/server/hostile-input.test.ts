import { describe, expect, it } from 'vitest';
import { describeHostileBattery } from './testing/hostile-battery';
import { encodePart, plausibleValue, type JsonSchema } from './testing/hostile-input';

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

  it('encode lone surrogates and NUL without throwing, as the bytes a client would send', () => {
    expect(encodePart('\uD800')).toBe('%EF%BF%BD');
    expect(encodePart('a\u0000b')).toBe('a%00b');
    expect(encodePart('é')).toBe('%C3%A9');
  });
});
