import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSmtpSink, type ReceivedMail } from '../../src/server/testing/smtp-sink';
import { hydrated, signIn, unexpectedErrors } from './support/admin';
import { callApi, editorAndViewer, SHOTS, tokenOf, useAdminSite } from './support/admin-site';
import { newPage } from './support/harness';
import { wcagViolations } from './support/screenshots';

/*
 * The newsletter that sends (ADR 0046), through the real SMTP sink: a visitor subscribes on /blog, opens the
 * confirmation link of the mail and confirms; an editor sends a post (a test to themself, then to the
 * subscribers, the progress shown); the mail carries List-Unsubscribe, and the visitor unsubscribes
 * through its link. One mail a minute, so that the progress is seen while the second subscriber waits.
 */

const env: Record<string, string> = { MAIL_POLL_SECONDS: '1', NEWSLETTER_RATE_PER_MINUTE: '1' };
const sink = useSmtpSink(env);
const { EDITOR } = editorAndViewer('letter');
const journey = useAdminSite({ staff: [EDITOR], shots: true, env });
const base = () => journey.site.baseUrl;

const READER = `reader.${Date.now()}@example.com`;
const SECOND = `second.${Date.now()}@example.com`;

/** Undoes quoted-printable soft line breaks and escapes, enough to read a message's text. */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function mailTo(email: string, subject: RegExp): Promise<ReceivedMail> {
  const found = () => sink.received.find((m) => m.to.includes(email) && subject.test(decoded(m.raw)));
  await expect.poll(found, { timeout: 30_000, interval: 250 }).toBeTruthy();
  return found()!;
}

function linkIn(mail: ReceivedMail, page: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`https?://[^\\s>]+/newsletter/${page}\\?token=[A-Za-z0-9._%-]+`).exec(decoded(mail.raw));
  if (!match) throw new Error(`no ${page} link in:\n${mail.raw}`);
  return match[0];
}

/** The page at 1280 and 390 px; a dialog's screen as the viewport shows it (the modal is in the top layer). */
async function shoot(page: Page, name: string, fullPage = true) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.screenshot({ path: `${SHOTS}/newsletter-${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the newsletter that sends', () => {
  it('a visitor confirms through the mailed link, an editor sends a post, the visitor unsubscribes through the mail', async () => {
    // The visitor signs up on /blog and is asked to confirm.
    const visitor = await newPage(journey.browser);
    await visitor.page.goto(`${base()}/blog`);
    await hydrated(visitor.page);
    await visitor.page.getByRole('textbox', { name: 'Email address' }).fill(READER);
    await visitor.page.getByRole('button', { name: 'Subscribe' }).click();
    await visitor.page.getByText('Please check your inbox').waitFor();

    // The confirmation mail's link shows a page whose button confirms.
    const confirmation = await mailTo(READER, /Please confirm your subscription/);
    const confirmLink = linkIn(confirmation, 'confirm');
    expect(confirmLink.startsWith(`${base()}/newsletter/confirm?token=`)).toBe(true);
    await visitor.page.goto(confirmLink);
    await visitor.page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    expect(await visitor.page.getByText(READER).count()).toBe(1);
    await shoot(visitor.page, 'confirm');
    expect(await wcagViolations(visitor.page)).toEqual([]);
    await visitor.page.getByRole('button', { name: 'Confirm subscription' }).click();
    await visitor.page.getByRole('heading', { name: "You're subscribed" }).waitFor();
    await shoot(visitor.page, 'confirmed');

    // A second reader confirms too (by the page's form, posted as the browser would).
    const second = await newPage(journey.browser);
    await second.page.goto(`${base()}/blog`);
    await hydrated(second.page);
    await second.page.getByRole('textbox', { name: 'Email address' }).fill(SECOND);
    await second.page.getByRole('button', { name: 'Subscribe' }).click();
    await second.page.goto(linkIn(await mailTo(SECOND, /Please confirm/), 'confirm'));
    await second.page.getByRole('button', { name: 'Confirm subscription' }).click();
    await second.page.getByRole('heading', { name: "You're subscribed" }).waitFor();
    await second.context.close();

    // The editor opens a published post's newsletter dialog from the Blog tab.
    const { context, page, errors } = await newPage(journey.browser);
    await signIn(page, base(), EDITOR.username, EDITOR.password);
    await page.goto(`${base()}/admin/blog`);
    await hydrated(page);
    const sendAction = page.locator('[data-action="send-to-subscribers"]:visible').first();
    await sendAction.waitFor();
    await sendAction.click();
    const dialog = page.locator('[data-dialog="send-to-subscribers"]');
    await dialog.getByText('Subject:').waitFor();
    const subject = (await dialog.locator('figcaption span').nth(1).textContent())!;
    expect(await dialog.locator('pre').textContent()).toContain('Unsubscribe:');
    await dialog.getByRole('button', { name: 'Send to 2 subscribers' }).waitFor();
    await shoot(page, 'send-dialog', false);
    expect(await wcagViolations(page)).toEqual([]);

    // A test to the editor alone.
    await dialog.getByRole('button', { name: 'Send test to me' }).click();
    await dialog.getByText(`Test email sent to ${EDITOR.username}@example.com.`).waitFor();
    const test = await mailTo(`${EDITOR.username}@example.com`, /\[Test\]/);
    expect(test.to).toEqual([`${EDITOR.username}@example.com`]);

    // The real send, confirmed; the progress while the second mail waits its turn.
    await dialog.getByRole('button', { name: 'Send to 2 subscribers' }).click();
    await dialog.getByText('Send “').waitFor();
    await shoot(page, 'send-confirm', false);
    await dialog.getByRole('button', { name: 'Yes, send it' }).click();
    await dialog.locator('[data-send-status="sending"]').waitFor();
    await dialog.getByText('1 of 2 sent').waitFor({ timeout: 30_000 });
    await shoot(page, 'send-progress', false);
    expect(await wcagViolations(page)).toEqual([]);

    // The mail reaches the reader with its unsubscribe headers and link.
    const mail = await mailTo(
      READER,
      new RegExp(`Subject: ${subject.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const unsubscribeLink = linkIn(mail, 'unsubscribe');
    expect(head).toContain(`List-Unsubscribe: <${unsubscribeLink}>`);
    expect(head).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The reader unsubscribes through the mailed link.
    await visitor.page.goto(unsubscribeLink);
    await visitor.page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' }).waitFor();
    await shoot(visitor.page, 'unsubscribe');
    expect(await wcagViolations(visitor.page)).toEqual([]);
    await visitor.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await visitor.page.getByRole('heading', { name: "You're unsubscribed" }).waitFor();
    await shoot(visitor.page, 'unsubscribed');
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
    await visitor.context.close();

    // An expired or broken link shows a page that says so.
    const broken = await newPage(journey.browser);
    const answer = await broken.page.goto(`${base()}/newsletter/confirm?token=1.1.${'x'.repeat(43)}`);
    expect(answer?.status()).toBe(404);
    await broken.page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await shoot(broken.page, 'broken-link');
    await broken.context.close();

    // The subscriber list shows each address's status in words, and filters by it.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.goto(`${base()}/admin/blog/subscribers`);
    await hydrated(page);
    const readerRow = page.locator(`[data-subscriber="${READER}"]`);
    await readerRow.getByText('Unsubscribed', { exact: true }).waitFor();
    await page.locator(`[data-subscriber="${SECOND}"]`).getByText('Subscribed', { exact: true }).waitFor();
    await shoot(page, 'subscribers', false);
    await page.getByRole('combobox', { name: 'Subscription status' }).selectOption('subscribed');
    await expect.poll(() => readerRow.count()).toBe(0);
    await page.locator(`[data-subscriber="${SECOND}"]`).waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await context.close();

    const token = await tokenOf(base(), EDITOR.username, EDITOR.password);
    const listed = await callApi(base(), `/api/newsletter/subscribers?search=${encodeURIComponent(READER)}`, { token });
    expect(listed.json().data.subscribers).toMatchObject([{ email: READER, status: 'unsubscribed' }]);
  });
});
