import { z } from 'zod';
import { plural } from './errors';

/*
 * Every contract imports zod from here. Zod compiles object parsers with `new Function` when it may,
 * and probes for that while schemas are built; the browser's Content-Security-Policy has no
 * 'unsafe-eval', so there the probe would be reported as a violation. The interpreter is fast enough.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

type RawIssue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  nan: 'a number',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'a valid email address',
  date: 'a valid date',
  datetime: 'a valid datetime',
  time: 'a valid time',
  url: 'a valid URL',
  uuid: 'a valid UUID',
};

/** "1 item", "3 items": the count and its noun in the number of the count. */
const counted = (count: number | bigint, one: string) => `${count} ${plural(Number(count), one, `${one}s`)}`;
const quote = (value: unknown) => (typeof value === 'string' ? value : String(value));

/** The sentence after the field's name, in the specification's catalogue style. */
function sentence(issue: RawIssue): string {
  const missing = issue.input === undefined || issue.input === null;
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return 'is required';
      return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const { minimum, origin } = issue;
      if (origin === 'string') return Number(minimum) <= 1 ? 'is required' : `must be at least ${minimum} characters`;
      if (origin === 'array' || origin === 'set') return `must have at least ${counted(minimum, 'item')}`;
      return issue.inclusive === false ? `must be greater than ${minimum}` : `must be at least ${minimum}`;
    }
    case 'too_big': {
      const { maximum, origin } = issue;
      if (origin === 'string') return `must be at most ${counted(maximum, 'character')}`;
      if (origin === 'array' || origin === 'set') return `must have at most ${counted(maximum, 'item')}`;
      return issue.inclusive === false ? `must be less than ${maximum}` : `must be at most ${maximum}`;
    }
    case 'invalid_value':
      if (missing) return 'is required';
      return issue.values.length === 1
        ? `must be ${quote(issue.values[0])}`
        : `must be one of: ${issue.values.map(quote).join(', ')}`;
    case 'invalid_format':
      return FORMAT_NAMES[issue.format] ? `must be ${FORMAT_NAMES[issue.format]}` : 'is not in the expected format';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    default:
      return 'is not valid';
  }
}

/**
 * Messages for issues whose schema sets none: "{field} is required", "{field} must be one of: a, b",
 * "{field} must be at most 200 characters"… in the server's answers and in the browser's forms alike.
 * A message a contract sets explicitly always wins.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `Field '${key}' is not defined in schema`).join('; ');
    }
    const field = (issue.path ?? []).map(String).join('.') || 'value';
    return `${field} ${sentence(issue)}`;
  },
});

export { z };
