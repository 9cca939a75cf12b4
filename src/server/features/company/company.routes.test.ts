import { describe, expect, it } from 'vitest';
import { companyProfileSchema } from '../../../shared/contracts/company';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

describe.each(testDialects)('GET /api/company on %s', (dialect) => {
  const t = useTestApp(dialect);

  it('returns the company profile in the success envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const profile = companyProfileSchema.parse(body.data);
    expect(profile.location).toBe('Islamabad, Pakistan');
    expect(profile.tagline).toBe('Transforming Ideas into Digital Excellence');
    expect(profile.coreServices).toHaveLength(5);
    expect(profile.socialLinks.map((l) => l.platform)).toEqual([
      'linkedin',
      'twitter',
      'instagram',
      'threads',
      'facebook',
    ]);
    expect(res.headers['cache-control']).toMatch(/public/);
  });

  it('reflects a change of the profile in the database at once', async () => {
    await t.db.database.db.updateTable('company_profile').set({ email: 'sales@example.org' }).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/company' });
    expect(res.json().data.email).toBe('sales@example.org');
  });
});

describe('GET /api/company before any content exists', () => {
  const t = useTestApp('sqlite', { seed: false });

  it('answers 404 with a clear message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/company' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'The company profile has not been set up yet.',
    });
  });
});
