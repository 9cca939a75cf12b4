import { describe, expect, it } from 'vitest';
import { removeFileReferences } from './content-references';

const GONE = '/uploads/files/0123456789abcdef0123456789abcdef.png';
const ABSOLUTE = `https://example.com${GONE}`;
const KEPT = '/uploads/files/fedcba9876543210fedcba9876543210.png';

describe('removeFileReferences', () => {
  it('drops the images that show a deleted file, in every spelling, and keeps the others', () => {
    const html =
      `<p>Before <img src="${GONE}" alt="gone"> after</p>` +
      `<p><img src="${ABSOLUTE}" alt="gone too"><img src="${GONE}?v=2" alt="and this"></p>` +
      `<p><img src="${KEPT}" alt="kept"></p>`;
    expect(removeFileReferences(html, [GONE, ABSOLUTE])).toBe(
      `<p>Before  after</p><p></p><p><img src="${KEPT}" alt="kept" /></p>`,
    );
  });

  it('turns a link to a deleted file into its text', () => {
    const html = `<p>Read <a href="${GONE}" target="_blank" rel="noopener noreferrer">the brochure</a>.</p>`;
    expect(removeFileReferences(html, [GONE])).toBe('<p>Read <span>the brochure</span>.</p>');
  });

  it('leaves content without a reference exactly as it was', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <a href="https://example.com/" rel="noopener noreferrer">x</a></p>' +
      '<iframe src="https://www.youtube.com/embed/abc" allowfullscreen="allowfullscreen"></iframe>';
    expect(removeFileReferences(html, [GONE])).toBe(html);
  });
});
