import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PagePart, PART_LEFT_OUT } from './part-boundary';

function Throws(): never {
  throw new Error('stored data this part cannot show');
}

/** Server-renders a page as entry.server.tsx does: the whole document once every part is settled. */
function render(page: React.ReactNode) {
  return new Promise<{ html: string; errors: unknown[]; shellError: unknown }>((resolve) => {
    const errors: unknown[] = [];
    const { pipe } = renderToPipeableStream(page, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
        return PART_LEFT_OUT;
      },
      onShellError(error) {
        resolve({ html: '', errors, shellError: error });
      },
      onAllReady() {
        const body = new PassThrough();
        let html = '';
        body.on('data', (chunk: Buffer) => (html += chunk.toString()));
        body.on('end', () => resolve({ html, errors, shellError: undefined }));
        pipe(body);
      },
    });
  });
}

describe('a page part on the server', () => {
  it('is left out when its render throws, and the page around it is complete', async () => {
    const { html, errors, shellError } = await render(
      <main>
        <h1>Before</h1>
        <PagePart>
          <section id="broken">
            <Throws />
          </section>
        </PagePart>
        <PagePart>
          <section id="fine">Fine</section>
        </PagePart>
        <footer>After</footer>
      </main>,
    );
    expect(shellError).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(html).not.toContain('id="broken"');
    expect(html).toContain('<section id="fine">Fine</section>');
    expect(html).toContain('<footer>After</footer>');
    // The browser renders the part again and knows the server has logged why it is missing.
    expect(html).toContain(`data-dgst="${PART_LEFT_OUT}"`);
  });

  it('would take the whole page down without it (an error boundary alone does not run on the server)', async () => {
    const { shellError } = await render(
      <main>
        <section>
          <Throws />
        </section>
      </main>,
    );
    expect(shellError).toBeInstanceOf(Error);
  });
});
