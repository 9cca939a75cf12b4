import { describe, expect, it } from 'vitest';
import { get } from './api-client';
import { listOrEmpty } from './api-envelope';
import { startApiTestServer } from './api-test-server';

startApiTestServer();

describe('listOrEmpty', () => {
  it('passes a successful list through and turns a failure into success false with empty data', async () => {
    const ok = await listOrEmpty(get<{ id: number }[]>('/echo'), []);
    expect(ok.success).toBe(true);

    const failed = await listOrEmpty(get<{ id: number }[]>('/boom'), []);
    expect(failed).toMatchObject({ success: false, data: [], message: 'Internal server error' });
    expect(failed.success === false && failed.error.status).toBe(500);
  });
});
