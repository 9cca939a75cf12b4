import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/harness';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  expiredCopyOf,
  hydrated,
  signIn,
  unexpectedErrors,
  watchCsp,
} from './support/admin';
import { useAdminSite } from './support/admin-site';
import { AuthMessage } from '../../src/shared/contracts/auth';

const journey = useAdminSite();

describe('the admin session', () => {
  it('keeps admin code out of the public pages and the site shell out of the admin', async () => {
    const home = await (await fetch(`${journey.site.baseUrl}/`)).text();
    const preloads = [...home.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]!);
    expect(preloads.length).toBeGreaterThan(0);
    for (const href of preloads) expect(href).not.toMatch(/admin|auth-store|login|layout-|protected|settings/);
    for (const href of preloads) {
      const js = await (await fetch(`${journey.site.baseUrl}${href}`)).text();
      expect(js).not.toContain('/auth/refresh');
      expect(js).not.toContain('Signing in...');
    }

    const login = await fetch(`${journey.site.baseUrl}/admin/login`);
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain('<title>Sign in | Admin</title>');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('Loading the admin');
    expect(html).not.toContain('<footer');
  });

  it('signs in, survives a reload and an expired access token, and signs out for good', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    const refreshes: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/auth/refresh')) refreshes.push(req.url());
    });

    // Signed out: any admin route shows the login, then returns to the tab asked for.
    await page.goto(`${journey.site.baseUrl}/admin/settings`);
    await hydrated(page);
    await page.waitForURL(/\/admin\/login\?next=%2Fadmin%2Fsettings$/);
    expect(await page.title()).toBe('Sign in | Admin');
    expect(await page.locator('footer').count()).toBe(0);

    await page.getByLabel('Username').fill('admin');
    await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${journey.site.baseUrl}/admin/settings`);
    await expect
      .poll(() => page.locator('[data-toast="success"]').textContent())
      .toContain('Login successful! Welcome back.');
    expect(await page.locator('[data-current-user]').textContent()).toBe('admin');
    expect(await page.title()).toBe('Settings | Admin');
    const tokens = await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('refreshToken')]);
    expect(tokens[0]).toBeTruthy();
    expect(tokens[1]).toBeTruthy();
    // Nothing but the two tokens and the copy of the App settings (theme, font size: nothing secret) is stored.
    expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual([
      'appSettings',
      'authToken',
      'refreshToken',
    ]);

    // Reload: still signed in.
    await page.reload();
    await hydrated(page);
    await page.locator('[data-current-user]').waitFor();
    expect(refreshes).toHaveLength(0);

    // The access token expires: the next calls refresh once, transparently, and go on.
    const expired = await expiredCopyOf(tokens[0]!);
    const refused = await fetch(`${journey.site.baseUrl}/api/auth/me`, {
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(refused.status).toBe(401);
    await page.evaluate((token) => localStorage.setItem('authToken', token), expired);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.evaluate(() => {
      // Two calls at once, both answered 401: they share one refresh and are both retried.
      document
        .querySelector<HTMLButtonElement>('form[aria-labelledby="settings-account"] button[type="submit"]')!
        .click();
      const label = [...document.querySelectorAll('label')].find((el) => el.textContent === 'Role')!;
      const select = document.getElementById(label.htmlFor) as HTMLSelectElement;
      select.value = 'admin';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await expect.poll(() => page.getByText('Profile updated successfully').count()).toBe(1);
    await expect.poll(() => page.locator('[data-user="admin"]').count()).toBe(1);
    expect(refreshes).toHaveLength(1);
    const renewed = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(renewed).not.toBe(expired);
    expect(renewed).not.toBe(tokens[0]);

    // Tabs: a tab names itself, /admin is the overview, an unknown tab gets the admin's not-found panel.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/analytics`);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    expect(await page.getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');
    await page.goto(`${journey.site.baseUrl}/admin/no-such-tab`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Admin page not found' }).waitFor();
    expect(await page.title()).toBe('Page not found | Admin');
    // So does a sub-page's address that names nothing (an id that is no number); a known one names its tab.
    await page.goto(`${journey.site.baseUrl}/admin/blog/abc/edit`);
    await hydrated(page);
    await page.getByText('There is no admin page called “blog/abc/edit”.').waitFor();
    expect(await page.title()).toBe('Page not found | Admin');
    await page.goto(`${journey.site.baseUrl}/admin/content/seo`);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Content' }).waitFor();
    expect(await page.title()).toBe('Content | Admin');
    await page.goto(`${journey.site.baseUrl}/admin`);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    // Refresh: data-update events for four kinds of data, in this tab and in another open tab of the site.
    const other = await context.newPage();
    await other.goto(`${journey.site.baseUrl}/admin/blog`);
    await hydrated(other);
    const listen = `window.__updates = []; window.addEventListener('data-update', (e) => window.__updates.push(e.detail.type));`;
    await page.evaluate(listen);
    await other.evaluate(() => {
      const w = window as unknown as { __channel: string[] };
      w.__channel = [];
      new BroadcastChannel('site-data-update').onmessage = (e: MessageEvent<{ type: string }>) =>
        w.__channel.push(e.data.type);
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const kinds = ['blog', 'portfolio', 'contacts', 'analytics'];
    expect(await page.evaluate(() => (window as unknown as { __updates: string[] }).__updates)).toEqual(kinds);
    await expect
      .poll(() => other.evaluate(() => (window as unknown as { __channel?: string[] }).__channel))
      .toEqual(kinds);
    // What Refresh did is a toast of this screen; the bell lists the server's notifications only.
    await page.locator('[data-toast="info"]').getByText('Data refreshed').waitFor();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('region', { name: 'Notifications' }).getByText('No notifications yet.').waitFor();
    await page.keyboard.press('Escape');
    await other.close();

    // Sign out: tokens gone, login shown, Back shows no admin data.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/login`);
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(
      await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('refreshToken')]),
    ).toEqual([null, null]);
    await page.goBack();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(page.url()).toContain('/admin/login');
    expect(await page.locator('[data-current-user]').count()).toBe(0);

    // The old refresh token was revoked by the logout.
    const res = await fetch(`${journey.site.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens[1] }),
    });
    expect(res.status).toBe(401);

    expect(unexpectedErrors(errors, [401])).toEqual([]);
    expect(await csp()).toEqual([]);
    await context.close();
  });

  it('returns to the deep link asked for, query and all, and never to another site', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    const submitLogin = async () => {
      await page.getByLabel('Username').fill('admin');
      await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    };
    const signOut = async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${journey.site.baseUrl}/admin/login`);
    };

    // A filtered list: the filters come back with it.
    const filtered = '/admin/blog?search=deep&status=draft';
    await page.goto(`${journey.site.baseUrl}${filtered}`);
    await hydrated(page);
    await page.waitForURL(`${journey.site.baseUrl}/admin/login?next=${encodeURIComponent(filtered)}`);
    await submitLogin();
    await page.waitForURL(`${journey.site.baseUrl}${filtered}`);
    expect(await page.getByLabel('Search posts').inputValue()).toBe('deep');
    await signOut();

    // A sub-page with an id and a query.
    const deep = '/admin/blog/7/edit?x=1';
    await page.goto(`${journey.site.baseUrl}${deep}`);
    await hydrated(page);
    await page.waitForURL(`${journey.site.baseUrl}/admin/login?next=${encodeURIComponent(deep)}`);
    await submitLogin();
    await page.waitForURL(`${journey.site.baseUrl}${deep}`);
    await page.locator('[data-current-user]').waitFor();
    await signOut();

    // A return address off the site or outside the admin is ignored: the dashboard it is.
    for (const next of ['//evil.example/admin/blog', 'https://evil.example/admin/blog', '/admin/../blog']) {
      await page.goto(`${journey.site.baseUrl}/admin/login?next=${encodeURIComponent(next)}`);
      await hydrated(page);
      await submitLogin();
      await page.waitForURL(`${journey.site.baseUrl}/admin/dashboard`);
      await page.locator('[data-current-user]').waitFor();
      await signOut();
    }

    // Post 7 may not exist in this database: its editor's 404 is expected.
    expect(unexpectedErrors(errors, [404])).toEqual([]);
    expect(await csp()).toEqual([]);
    await context.close();
  });

  it('signs in with the e-mail address, and a session whose refresh is refused ends with a warning', async () => {
    const { context, page, errors } = await newPage(journey.browser, { width: 390, height: 844 });
    await signIn(page, journey.site.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(page.url()).toBe(`${journey.site.baseUrl}/admin/dashboard`);
    expect(await page.title()).toBe('Overview | Admin');

    await page.evaluate(() => {
      localStorage.setItem('authToken', 'expired.garbage.token');
      localStorage.setItem('refreshToken', 'revoked-refresh-token');
    });
    await page.reload();
    await hydrated(page);
    await page.getByText('Session expired. Please login again.').waitFor();
    expect(page.url()).toContain('/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await context.close();
  });

  it('signing out while a screen’s calls are on their way ends the session once they are answered, none refused', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const baseUrl = journey.site.baseUrl;
    await signIn(page, baseUrl, 'admin', ADMIN_PASSWORD);
    const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    // The overview's reads (not the session's own, which the screen needs to show) reach the server only once
    // Logout has been pressed: it is pressed while they are on their way.
    let pressed = () => {};
    const logoutPressed = new Promise<void>((resolve) => (pressed = resolve));
    const held: string[] = [];
    const settled: string[] = [];
    const settle = (request: Request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname.startsWith('/api/'))
        settled.push(request.url());
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    await page.route('**/api/**', async (route) => {
      if (route.request().method() === 'GET' && !new URL(route.request().url()).pathname.startsWith('/api/auth/')) {
        held.push(route.request().url());
        await logoutPressed;
      }
      await route.continue();
    });
    await page.goto(`${baseUrl}/admin/overview`);
    await expect.poll(() => held.some((url) => url.includes('/api/analytics/overview'))).toBe(true);
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Logout' }).click();
    pressed();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect((await loggedOut).status()).toBe(200);

    // Every held read has reached the server and has its answer (or was dropped by the page), none a 401.
    await expect.poll(() => settled.length >= held.length, { timeout: 10_000 }).toBe(true);
    expect(refused).toEqual([]);
    const res = await fetch(`${baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(res.status).toBe(401);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a session ended on the server sends the Blog and Portfolio tabs to the login screen, not the public site', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const baseUrl = journey.site.baseUrl;
    const stored = () => page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('refreshToken')]);
    // Another tab signs out (or the session is revoked): the page's refresh token is ended on the server.
    const endSessionOnServer = async () => {
      const [, refreshToken] = await stored();
      const res = await fetch(`${baseUrl}/api/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      expect(res.status).toBe(200);
    };
    const nav = () => page.getByRole('navigation', { name: 'Admin' });
    // The screen's own calls are answered before the session ends on the server: one still on its way would
    // be refused and end the session on the screen it came from, before the tab is clicked.
    const pending = new Set<Request>();
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) pending.add(request);
    });
    const answered = (request: Request) => pending.delete(request);
    page.on('requestfinished', answered);
    page.on('requestfailed', answered);
    const screenSettled = () => expect.poll(() => pending.size, { timeout: 15_000 }).toBe(0);

    await signIn(page, baseUrl, 'admin', ADMIN_PASSWORD);
    for (const [tab, path] of [
      ['Blog', '/admin/blog'],
      ['Portfolio', '/admin/portfolio'],
    ] as const) {
      await screenSettled();
      await endSessionOnServer();
      const [endedToken] = await stored();
      await nav().getByRole('link', { name: tab, exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin/login?next=${encodeURIComponent(path)}`);
      await page.getByText('Session expired. Please login again.').waitFor();
      expect(await stored()).toEqual([null, null]);
      expect(await page.locator('[data-current-user]').count()).toBe(0);

      // The ended token is refused by the list the tab reads, not answered as to a visitor.
      const api = path === '/admin/blog' ? '/api/blog/posts' : '/api/portfolio/projects';
      const refused = await fetch(`${baseUrl}${api}`, { headers: { authorization: `Bearer ${endedToken}` } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');

      // Signing in again returns to the tab, with staff data.
      await page.getByLabel('Username').fill('admin');
      await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL(`${baseUrl}${path}`);
      await page.locator('[data-current-user]').waitFor();
      await page.locator('[data-pagination-summary]').waitFor();
    }

    // An ex-staff member with a stale token in the browser, on the public site: a like still works and
    // nothing sends the visitor to the admin's login (the public writes do not read the token).
    await screenSettled();
    await endSessionOnServer();
    const posts = (await (await fetch(`${baseUrl}/api/blog/posts?limit=1`)).json()) as {
      data: { posts: { slug: string }[] };
    };
    const slug = posts.data.posts[0]!.slug;
    await page.goto(`${baseUrl}/blog/${slug}`);
    await hydrated(page);
    const likes: number[] = [];
    page.on('response', (res) => {
      if (/\/api\/blog\/posts\/\d+\/like$/.test(res.url())) likes.push(res.status());
    });
    await page.getByRole('button', { name: /Like this article$/ }).click();
    await page.getByRole('button', { name: /Liked, including you$/ }).waitFor();
    await expect.poll(() => likes).toEqual([200]);
    expect(page.url()).toBe(`${baseUrl}/blog/${slug}`);
    expect((await stored())[0]).toBeTruthy();

    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await context.close();
  });

  it('says the admin needs JavaScript in a browser that runs none', async () => {
    const context = await journey.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${journey.site.baseUrl}/admin/login`);
    // Playwright's text locators skip <noscript>; what the page shows is its body's text.
    expect(await page.locator('body').innerText()).toContain(AuthMessage.NEEDS_JAVASCRIPT);
    await context.close();
  });

  it('shows the message for a wrong password', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await page.goto(`${journey.site.baseUrl}/admin/login`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await page.getByText('Username is required').count()).toBe(1);

    await page.getByLabel('Username').fill('admin');
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).first().waitFor();
    await expect.poll(() => page.locator('[data-toast="error"]').textContent()).toContain('Invalid credentials.');
    expect(page.url()).toBe(`${journey.site.baseUrl}/admin/login`);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    // A second wrong try adds its toast (errors stay until closed); the sign-in that follows closes them.
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.locator('[data-toast="error"]').count()).toBe(2);
    await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${journey.site.baseUrl}/admin/dashboard`);
    await page.locator('[data-toast="success"]').getByText('Login successful! Welcome back.').waitFor();
    expect(await page.locator('[data-toast="error"]').count()).toBe(0);
    expect(unexpectedErrors(errors, [401])).toEqual([]);
    await context.close();
  });
});
