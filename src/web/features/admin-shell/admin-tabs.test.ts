import { describe, expect, it } from 'vitest';
import { resolveAdminTab, tabDescription } from './admin-tabs';

describe('admin tabs', () => {
  it('names users in the Settings subtitle only for the role that manages them', () => {
    const settings = resolveAdminTab('settings')!;
    expect(tabDescription(settings, 'admin')).toBe('Account, password, e-mail preferences, app settings and users');
    expect(tabDescription(settings, 'editor')).toBe('Account, password, e-mail preferences and app settings');
    expect(tabDescription(settings, 'viewer')).toBe('Account, password, e-mail preferences and app settings');
    const blog = resolveAdminTab('blog')!;
    expect(tabDescription(blog, 'viewer')).toBe(blog.description);
  });
});
