import { describe, expect, it } from 'vitest';
import { PRECACHE_WARMUP_CONCURRENCY, urlsToWarm, warmHttpCache } from './precache-warmup';

describe('urlsToWarm', () => {
  it('takes the hashed files Workbox fetches through the HTTP cache, each once, not the revisioned ones', () => {
    expect(
      urlsToWarm(
        [
          { url: 'assets/index-abc.js', revision: null },
          { url: 'index.html', revision: '07a9' },
          { url: 'assets/pdf.worker.min-xyz.js', revision: null },
          { url: 'assets/index-abc.js', revision: null },
          { url: 'icons/icon-192.png', revision: '7166' },
        ],
        'https://books.example/sw.js',
      ),
    ).toEqual(['https://books.example/assets/index-abc.js', 'https://books.example/assets/pdf.worker.min-xyz.js']);
  });
});

describe('warmHttpCache', () => {
  it('reads every file to its end, a few at a time, and goes on after a failure', async () => {
    const urls = Array.from({ length: 11 }, (_, index) => `https://books.example/assets/f${index}.js`);
    let running = 0;
    let mostAtOnce = 0;
    const read: string[] = [];
    await warmHttpCache(urls, async (url) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running -= 1;
      if (url.endsWith('/f3.js')) throw new TypeError('Failed to fetch');
      const response = new Response(url);
      const readBody = response.arrayBuffer.bind(response);
      response.arrayBuffer = async () => {
        const body = await readBody();
        read.push(url);
        return body;
      };
      return response;
    });
    expect(mostAtOnce).toBe(PRECACHE_WARMUP_CONCURRENCY);
    expect(read.sort()).toEqual(urls.filter((url) => !url.endsWith('/f3.js')).sort());
  });
});
