import { describe, expect, it } from 'vitest';
import { setupFailed } from './test-app';

describe("a file's setup that fails", () => {
  it('is an error of its own that names the file and says what went wrong, whatever was thrown', () => {
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    const error = setupFailed('postgres test app of a.test.ts', cause);
    expect(error).not.toBe(cause);
    expect(error.message).toBe(
      'The postgres test app of a.test.ts could not be set up: connect ECONNREFUSED 127.0.0.1:5432',
    );
    expect(error.cause).toBe(cause);
    // Node's AggregateError of a connection tried on several addresses has an empty message.
    const both = new AggregateError([new Error('connect ECONNREFUSED ::1:3306'), new Error('timed out')]);
    expect(setupFailed('x', both).message).toBe('The x could not be set up: connect ECONNREFUSED ::1:3306; timed out');
    expect(setupFailed('x', { code: 'ECONNRESET' }).message).toBe("The x could not be set up: { code: 'ECONNRESET' }");
    expect(setupFailed('x', undefined).message).toBe('The x could not be set up: undefined');
  });
});
