import { describe, expect, it } from 'vitest';
import { browserName, platformName } from './device-info';

describe('feedback device info', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36',
      'Android',
      'Chrome 131',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0', 'Windows', 'Edge 130'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1',
      'iOS',
      'Safari 17',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Linux', 'Firefox 133'],
  ])('reads %s', (userAgent, platform, browser) => {
    expect(platformName(userAgent)).toBe(platform);
    expect(browserName(userAgent)).toBe(browser);
  });
});
