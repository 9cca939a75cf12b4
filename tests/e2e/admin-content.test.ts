import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoTestimonials } from '../../src/server/seed/demo-content';
import { hydrated, signIn, unexpectedErrors, watchCsp } from './support/admin';
import { confirmDialog, editorAndViewer, SHOTS, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';
import { scrollWidth } from './support/screenshots';

/**
 * Staff edit the company's own content in the Content tab, and a visitor's landing page shows each change
 * on the next visit, without a restart: the phone, a service title, the testimonials' order, a hidden
 * package, a new technology column.
 */

const { EDITOR, VIEWER } = editorAndViewer('content');
const journey = useAdminSite({ staff: [EDITOR, VIEWER], shots: true });
const base = () => journey.site.baseUrl;

const item = (page: Page, title: string) => page.locator(`[data-content-item="${title}"]`);
const titles = (page: Page) =>
  page.locator('[data-content-item]').evaluateAll((items) => items.map((i) => i.getAttribute('data-content-item')));

async function openSection(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Content sections' })
    .getByRole('link', { name: label, exact: true })
    .click();
  await page.locator('[data-content-item]').first().waitFor();
}

/** The visitor's landing page as the server renders it now. */
async function landing(): Promise<string> {
  const res = await fetch(`${base()}/`);
  expect(res.status).toBe(200);
  return (await res.text()).replace(/&amp;/g, '&');
}

describe('the Content tab', () => {
  it('an editor changes the company phone and a service title; the landing page follows at once', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    const csp = await watchCsp(page);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Content' }).click();
    await page.waitForURL(`${base()}/admin/content`);
    const form = page.getByRole('form', { name: 'Company information' });
    await form.getByLabel('Phone').fill('');
    await form.getByRole('button', { name: 'Save company information' }).click();
    await form.getByText('Phone is required').waitFor();
    const fixFields = form.getByText('Please correct the highlighted fields.');
    await fixFields.waitFor();
    await form.getByLabel('Phone').fill('+92 51 9876543');
    // The field is right now: the notice about it goes with its error.
    await fixFields.waitFor({ state: 'detached' });
    await form.getByLabel('GitHub').fill('http://github.com/smartstack');
    await form.getByRole('button', { name: 'Save company information' }).click();
    await form.getByText('Use an address starting with https://').waitFor();
    await form.getByLabel('GitHub').fill('https://github.com/smartstack');
    await form.getByRole('button', { name: 'Save company information' }).click();
    await page.getByText('Company information saved').first().waitFor();
    const home = await landing();
    expect(home).toContain('+92 51 9876543');
    expect(home).toContain('https://github.com/smartstack');

    await openSection(page, 'Services');
    await page.screenshot({ path: `${SHOTS}/content-services-1280.png`, fullPage: true });
    await item(page, 'Web Development').getByRole('button', { name: 'Edit “Web Development”' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByLabel('Title').fill('Web Development & Hosting');
    await page.screenshot({ path: `${SHOTS}/content-service-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await item(page, 'Web Development & Hosting').waitFor();
    expect(await landing()).toContain('Web Development & Hosting');

    expect(await csp()).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('an editor reorders the testimonials by keyboard and by drag, hides a package and adds and deletes a column', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await page.goto(`${base()}/admin/content/testimonials`);
    await page.locator('[data-content-item]').first().waitFor();
    const [first, second, third] = demoTestimonials.map((t) => t.name);
    expect(await titles(page)).toEqual([first, second, third]);

    await item(page, third!)
      .getByRole('button', { name: `Move “${third}” up` })
      .click();
    await page.getByText('Order saved').first().waitFor();
    expect(await titles(page)).toEqual([first, third, second]);
    // The list moves at once; the landing page follows once the server has taken the order.
    const orderSaved = page.waitForResponse(
      (response) => response.url().endsWith('/order') && response.request().method() === 'PUT',
    );
    await item(page, first!).locator('svg').first().dragTo(item(page, second!));
    expect((await orderSaved).ok()).toBe(true);
    await page.waitForFunction(
      (expected) =>
        JSON.stringify(
          [...document.querySelectorAll('[data-content-item]')].map((i) => i.getAttribute('data-content-item')),
        ) === expected,
      JSON.stringify([third, second, first]),
    );
    const html = await landing();
    const positions = [third, second, first].map((name) => html.indexOf(name!));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    await page.goto(`${base()}/admin/content/packages`);
    await item(page, 'Professional Package')
      .getByRole('button', { name: /^Hide “Professional Package”/ })
      .click();
    await item(page, 'Professional Package').getByText('Hidden').waitFor();
    expect(await landing()).not.toContain('Professional Package');
    await item(page, 'Professional Package')
      .getByRole('button', { name: /^Show “Professional Package”/ })
      .click();
    await page.waitForFunction(
      () => !document.querySelector('[data-content-item="Professional Package"]')?.textContent?.includes('Hidden'),
    );
    expect(await landing()).toContain('Professional Package');

    await page.goto(`${base()}/admin/content/tech-stack`);
    await page.getByRole('button', { name: 'Add Technology Column' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Mobile');
    await dialog.getByLabel('Technologies').fill('Kotlin Multiplatform\nTauri\n\ntauri');
    await dialog.getByRole('button', { name: 'Add technology column' }).click();
    await dialog.getByText('Each technology may appear only once').waitFor();
    await dialog.getByLabel('Technologies').fill('Kotlin Multiplatform\nTauri');
    await dialog.getByRole('button', { name: 'Add technology column' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await item(page, 'Mobile').waitFor();
    expect(await landing()).toContain('Kotlin Multiplatform');

    await item(page, 'Mobile').getByRole('button', { name: 'Delete “Mobile”' }).click();
    await confirmDialog(page, 'Are you sure you want to delete this technology column?', 'Delete');
    await page.getByText('Technology column deleted').first().waitFor();
    expect(await item(page, 'Mobile').count()).toBe(0);
    expect(await landing()).not.toContain('Kotlin Multiplatform');

    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('an editor changes the SEO settings; the home title, description and keywords follow', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await page.goto(`${base()}/admin/content/seo`);
    const form = page.getByRole('form', { name: 'SEO settings' });
    await form.getByLabel('Site title').fill('SmartStack | Software That Works');
    await form.getByLabel('Meta description').fill('Websites, apps and AI automation built in Islamabad.');
    await form.getByLabel('Keywords').fill('web development, AI, web development');
    await form.getByRole('button', { name: 'Save SEO settings' }).click();
    await form.getByText('Each keyword may appear only once').waitFor();
    await form.getByLabel('Keywords').fill('web development, AI, automation');
    await form.getByRole('button', { name: 'Save SEO settings' }).click();
    await page.getByText('SEO settings saved').first().waitFor();
    const home = await landing();
    expect(home).toContain('<title>SmartStack | Software That Works</title>');
    expect(home).toContain('<meta name="description" content="Websites, apps and AI automation built in Islamabad."/>');
    expect(home).toContain('<meta name="keywords" content="web development, AI, automation"/>');
    // Another page keeps its own title, with the new default description.
    const verify = (await (await fetch(`${base()}/verify-certificate`)).text()).replace(/&amp;/g, '&');
    expect(verify).toMatch(/<title>Verify Certificate \| /);
    expect(verify).not.toContain('googletagmanager');

    // An Analytics ID puts Google's tag on the public pages, never on the admin; clearing it removes it.
    await form.getByLabel('Analytics ID').fill('UA-1234-5');
    await form.getByRole('button', { name: 'Save SEO settings' }).click();
    await form.getByText(/must be a Google Analytics 4 measurement ID/).waitFor();
    await form.getByLabel('Analytics ID').fill('g-test1234');
    await form.getByRole('button', { name: 'Save SEO settings' }).click();
    await page.getByText('SEO settings saved').nth(1).waitFor();
    expect(await landing()).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-TEST1234"');
    expect(await (await fetch(`${base()}/admin/login`)).text()).not.toContain('googletagmanager');
    await form.getByLabel('Analytics ID').fill('');
    await form.getByRole('button', { name: 'Save SEO settings' }).click();
    await page.waitForFunction(async () => !(await (await fetch('/')).text()).includes('googletagmanager'));
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a viewer reads but cannot change anything', async () => {
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), VIEWER.username, VIEWER.password);
    await page.goto(`${base()}/admin/content/services`);
    await page.locator('[data-content-item]').first().waitFor();
    await page.locator('[data-read-only]').waitFor();
    expect(await page.getByRole('button', { name: /^(Add|Edit|Delete|Move|Hide)/ }).count()).toBe(0);
    await page.goto(`${base()}/admin/content`);
    const form = page.getByRole('form', { name: 'Company information' });
    await form.waitFor();
    expect(await form.getByLabel('Phone').isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Save company information' }).count()).toBe(0);
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();
  });

  it('looks right at phone and desktop widths', async () => {
    for (const width of [390, 1280]) {
      const { context, page, errors } = await newPage(journey.browser, { width, height: width < 600 ? 844 : 900 });
      await signIn(page, base(), EDITOR.username, EDITOR.password);
      for (const section of [
        '',
        '/seo',
        '/services',
        '/team',
        '/testimonials',
        '/packages',
        '/internships',
        '/tech-stack',
      ]) {
        await page.goto(`${base()}/admin/content${section}`);
        await hydrated(page);
        await page
          .locator(
            section === '/seo'
              ? 'form[aria-label="SEO settings"]'
              : section
                ? '[data-content-item]'
                : 'form[aria-label="Company information"]',
          )
          .first()
          .waitFor();
        const name = section ? section.slice(1) : 'company';
        await page.screenshot({ path: `${SHOTS}/content-${name}-${width}.png`, fullPage: true });
        expect(await scrollWidth(page), `${name} at ${width}`).toBeLessThanOrEqual(width);
      }
      expect(unexpectedErrors(errors)).toEqual([]);
      await context.close();
    }
  });
});
