import { describe, expect, it } from 'vitest';
import { z } from './zod';

/* Validation messages are sentences a person can read, naming the field, never zod's internals. */
describe('validation messages', () => {
  const messages = (schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('follow the catalogue: required, type, one of, at least / at most, formats', () => {
    const schema = z.object({
      name: z.string().min(1).max(5),
      age: z.number().int().min(18).max(99),
      role: z.enum(['admin', 'editor']),
      email: z.email(),
      tags: z.array(z.string()).max(1),
      nested: z.object({ flag: z.boolean() }),
    });
    expect(messages(schema, {})).toEqual([
      'name is required',
      'age is required',
      'role is required',
      'email is required',
      'tags is required',
      'nested is required',
    ]);
    expect(
      messages(schema, { name: 'too long', age: 7, role: 'x', email: 'no', tags: ['a', 'b'], nested: { flag: 'x' } }),
    ).toEqual([
      'name must be at most 5 characters',
      'age must be at least 18',
      'role must be one of: admin, editor',
      'email must be a valid email address',
      'tags must have at most 1 item',
      'nested.flag must be true or false',
    ]);
    expect(messages(z.object({ n: z.coerce.number() }), { n: 'abc' })).toEqual(['n must be a number']);
    expect(messages(z.strictObject({}), { extra: 1 })).toEqual(["Field 'extra' is not defined in schema"]);
  });

  it('keep a message a contract sets itself', () => {
    expect(messages(z.string().min(3, 'Please fill in all fields'), '')).toEqual(['Please fill in all fields']);
  });
});
