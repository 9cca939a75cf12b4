import { describe, expect, it } from 'vitest';
import { AuthMessage } from '../../shared/contracts/auth';
import { blogSortFields } from '../../shared/contracts/blog.values';
import { bearer, createSignedIn } from '../testing/auth-helpers';
import { useTestApp } from '../testing/test-app';

describe('validation messages in API answers', () => {
  const t = useTestApp('sqlite');

  it('the top-level message is the first field sentence and errors[] names each field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blog/posts?readTime=forever&sortBy=nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_ERROR',
      message: `sortBy must be one of: ${blogSortFields.join(', ')}`,
      errors: [
        {
          field: 'sortBy',
          message: `sortBy must be one of: ${blogSortFields.join(', ')}`,
        },
        { field: 'readTime', message: 'readTime must be one of: quick, medium, long' },
      ],
    });
  });

  it('says what is wrong with a staff form in words', async () => {
    const admin = await createSignedIn(t.app, t.db.database.db, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: bearer(admin.token),
      payload: { username: 'ok-name', password: 'a-good-password', role: 'owner', extra: 1 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).not.toMatch(/Invalid|expected|received|Validation failed/);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: AuthMessage.EMAIL_REQUIRED },
        { field: 'role', message: 'role must be one of: admin, editor, viewer' },
      ]),
    );
  });
});
