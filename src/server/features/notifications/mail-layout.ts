import { escapeHtml } from '../../lib/escape-html';

/* The layout of the staff and visitor mails: plain text, and HTML with every interpolated value escaped. */

/** Header text on one line: a visitor's name must not fold a subject. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function htmlPage(paragraphs: string[], rows: Array<[string, string]>, link?: { href: string; label: string }) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const table = rows.length
    ? `<table cellpadding="4" style="border-collapse: collapse">\n${rows
        .map(
          ([label, value]) =>
            `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space: pre-wrap">${escapeHtml(value)}</td></tr>`,
        )
        .join('\n')}\n</table>`
    : '';
  const anchor = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
${body}
${table}
${anchor}
</body></html>`;
}

export function textPage(paragraphs: string[], rows: Array<[string, string]>, link?: string) {
  const lines = rows.map(([label, value]) => `${label}: ${value}`);
  return [...paragraphs, ...(lines.length ? [lines.join('\n')] : []), ...(link ? [link] : [])].join('\n\n') + '\n';
}
