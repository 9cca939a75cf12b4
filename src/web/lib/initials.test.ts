import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first two words, in capitals', () => {
    expect(initials('Ahmed Raza')).toBe('AR');
    expect(initials('  sarah   jane johnson ')).toBe('SJ');
    expect(initials('Ærø Łukasz')).toBe('ÆŁ');
    expect(initials('Cher')).toBe('C');
    expect(initials('')).toBe('');
  });
});
