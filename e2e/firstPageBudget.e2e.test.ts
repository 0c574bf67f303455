import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2e, type E2e } from './support/app';

/** Issue 14: the first load of `/` fetches at most 150 kB of compressed JavaScript. */
const BUDGET_BYTES = 150 * 1024;

let e: E2e;
beforeAll(async () => {
  e = await startE2e();
});
afterAll(() => e?.close());

describe('first page budget', () => {
  it('loads / with at most 150 kB of gzipped or brotli JavaScript, every script compressed', async () => {
    const page = await e.newPage();
    const scripts: Array<Promise<{ url: string; bytes: number; encoding?: string }>> = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script') return;
      scripts.push(
        Promise.all([req.sizes(), req.response()]).then(([sizes, res]) => ({
          url: req.url(),
          bytes: sizes.responseBodySize,
          encoding: res?.headers()['content-encoding'],
        })),
      );
    });
    await page.goto(`${e.url}/`, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    for (const s of loaded.filter((x) => x.bytes > 1024)) expect(s.encoding, s.url).toMatch(/^(gzip|br)$/);
    const total = loaded.reduce((a, s) => a + s.bytes, 0);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
