import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBlogPosts } from '../../src/server/seed/demo-blog-posts';
import { demoCertificates } from '../../src/server/seed/demo-content';
import { demoProjects } from '../../src/server/seed/demo-projects';
import { hydrated, unexpectedErrors } from './support/admin';
import { launchBrowser, newPage, startSite, type RunningSite } from './support/harness';
import { loadLazyImages } from './support/screenshots';

/**
 * axe-core (the engine behind Lighthouse's accessibility score) finds no WCAG 2.2 A/AA violation on the
 * landing page and the certificate verification page, at a phone's width and a desktop's, after hydration
 * and with every lazy section loaded.
 */

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  // The demo seed's certificates: an active one (a full result) and the revoked one (its red notice).
  const active = demoCertificates.find((certificate) => certificate.status === 'active')!;
  const revoked = demoCertificates.find((certificate) => certificate.status === 'revoked')!;
  const project = demoProjects.find((p) => p.published)!;
  const post = demoBlogPosts.find((p) => p.published)!;
  const pages = [
    { name: 'the landing page', path: '/' },
    { name: 'a project', path: `/portfolio/${project.slug}` },
    { name: 'an article', path: `/blog/${post.slug}` },
    { name: 'a verified certificate', path: `/verify-certificate?number=${active.certificate_number}` },
    { name: 'a revoked certificate', path: `/verify-certificate?number=${revoked.certificate_number}` },
    { name: 'an unknown certificate', path: '/verify-certificate?number=SST-2026-99998' },
  ];

  for (const { name, path } of pages) {
    for (const width of [390, 1280]) {
      it(`finds no violation on ${name} at ${width} px`, async () => {
        const { context, page, errors } = await newPage(browser, { width, height: width < 600 ? 844 : 900 });
        await page.goto(`${site.baseUrl}${path}`);
        await hydrated(page);
        await loadLazyImages(page);
        const result = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
        const violations = result.violations.map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          targets: violation.nodes
            .slice(0, 5)
            .map(
              (node) =>
                `${node.target.join(' ')} :: ${node.failureSummary?.replace(/\s+/g, ' ')} :: ${node.html.slice(0, 160)}`,
            ),
        }));
        expect(violations).toEqual([]);
        // The rules really ran: a page with no passes would mean axe saw nothing.
        expect(result.passes.length).toBeGreaterThan(10);
        expect(unexpectedErrors(errors, path.includes('99998') ? [404] : [])).toEqual([]);
        await context.close();
      });
    }
  }
});
