import { describe, expect, it } from 'vitest';
import { likeDataSchema } from './common';
import { isLikeData } from './common.values';
import { isEmailAddress } from './newsletter.values';
import { z } from '../zod';

describe('the zod-free checks agree with the schemas the server uses', () => {
  it.each([
    { likes: 3, liked: true },
    { likes: 0, liked: true, extra: 'ignored' },
    { likes: 3.5, liked: true },
    { likes: '3', liked: true },
    { likes: 3, liked: false },
    { likes: 3 },
    { likes: Number.NaN, liked: true },
    { likes: Number.POSITIVE_INFINITY, liked: true },
    null,
    'likes',
    [3, true],
  ])('isLikeData(%j) matches likeDataSchema', (value) => {
    expect(isLikeData(value)).toBe(likeDataSchema.safeParse(value).success);
  });

  it.each([
    'ada@example.com',
    'first.last+tag@mail.example.co.uk',
    "o'brien@example.ie",
    'not-an-address',
    'a@b',
    'two@@example.com',
    '.dot@example.com',
    'dot.@example.com',
    'a..b@example.com',
    'ada@-example.com',
    'ada@example.c',
    'ada @example.com',
    '',
  ])('isEmailAddress(%j) matches z.email()', (value) => {
    expect(isEmailAddress(value)).toBe(z.email().safeParse(value).success);
  });
});
