import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_LOGIN, loginPathFor, safeAdminReturn } from './return-path';

describe('safeAdminReturn', () => {
  it('keeps admin tabs and deep links with their query', () => {
    expect(safeAdminReturn('/admin/settings')).toBe('/admin/settings');
    expect(safeAdminReturn('/admin/blog/7/edit?x=1')).toBe('/admin/blog/7/edit?x=1');
    expect(safeAdminReturn('/admin/blog/subscribers/')).toBe('/admin/blog/subscribers');
    expect(safeAdminReturn('/admin/blog?search=a%20b&status=draft#top')).toBe('/admin/blog?search=a%20b&status=draft');
    // A URL in the query is just text for the page to read.
    expect(safeAdminReturn('/admin/blog?from=https://elsewhere.example/')).toBe(
      '/admin/blog?from=https://elsewhere.example/',
    );
  });

  it('refuses other sites, other parts of the site and the login pages', () => {
    for (const value of [
      null,
      undefined,
      '',
      'https://evil.example/admin/blog',
      '//evil.example/admin/blog',
      '/\\evil.example',
      '/admin/\\evil.example',
      '/admin//evil.example',
      '/admin/../blog',
      '/admin/./settings/../../x',
      '/admin/blog/%2e%2e/%2e%2e/x',
      '/blog/7',
      '/admin',
      '/admin/',
      '/admin/login',
      '/admin/login?next=/admin/blog',
      '/admin/reset-password?token=x',
      '/admin/blog\nLocation: x',
      `/admin/${'a'.repeat(2100)}`,
      'javascript:alert(1)',
    ]) {
      expect(safeAdminReturn(value), String(value)).toBeNull();
    }
  });
});

describe('loginPathFor', () => {
  it('carries a deep link to the login as ?next=', () => {
    expect(loginPathFor('/admin/blog/7/edit', '?x=1')).toBe('/admin/login?next=%2Fadmin%2Fblog%2F7%2Fedit%3Fx%3D1');
    expect(loginPathFor('/admin/settings', '')).toBe('/admin/login?next=%2Fadmin%2Fsettings');
  });

  it('leaves out the default page and anything unsafe', () => {
    expect(loginPathFor(DEFAULT_AFTER_LOGIN, '')).toBe('/admin/login');
    expect(loginPathFor('/admin', '')).toBe('/admin/login');
    expect(loginPathFor('/admin//evil.example', '')).toBe('/admin/login');
  });
});
