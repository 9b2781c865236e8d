/**
 * `npm run bench device-key`: what the browser's device key costs in Chromium (docs/decisions/023-device-key-p256.md):
 * making it (the old RSA-OAEP 3072 key against the ECDH P-256 key new browsers make, with its public JWK and RFC 7638
 * thumbprint as the app does) at full speed and at a 4x CPU slowdown, and unwrapping one licence's content key (every
 * open does it): RSA-OAEP unwrapKey against ECDH -> HKDF -> AES-KW -> unwrapKey. Medians of 20 after a warm-up, in a
 * page on a localhost origin (WebCrypto needs a secure context). performance.now() is coarsened to 0.1 ms without
 * cross-origin isolation, so the sub-millisecond operations are timed in batches.
 *
 * The 4x slowdown (CDP Emulation.setCPUThrottlingRate) throttles the page's main thread; Chromium runs WebCrypto
 * off it, so these figures understate a slow phone.
 */
import os from 'node:os';
import { launchChromium } from './browser-app';
import { writeResult } from './lib';

export interface TDeviceKeyTiming {
  medianMs: number;
  minMs: number;
  maxMs: number;
}

export interface TDeviceKeyBench {
  chromium: string;
  loadAverage: number[];
  generate: Record<'1x' | '4x', { rsa3072: TDeviceKeyTiming; p256: TDeviceKeyTiming }>;
  unwrap: { rsa3072Ms: number; p256Ms: number };
}

/**
 * The page's side, as plain JavaScript (functions passed to page.evaluate would carry tsx's helpers): a timer taking
 * medians of 20 runs of `batch` operations each, key generation and unwrapping.
 */
const PAGE_SCRIPT = `
  const subtle = crypto.subtle;
  const curve = { name: 'ECDH', namedCurve: 'P-256' };
  const rsaParams = { name: 'RSA-OAEP', modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
  async function timeOps(op, batch) {
    await op();
    const runs = [];
    for (let run = 0; run < 20; run++) {
      const start = performance.now();
      for (let i = 0; i < batch; i++) await op();
      runs.push((performance.now() - start) / batch);
    }
    runs.sort((a, b) => a - b);
    const round = (value) => Math.round(value * 1000) / 1000;
    return { medianMs: round((runs[9] + runs[10]) / 2), minMs: round(runs[0]), maxMs: round(runs[19]) };
  }
  window.benchGenerate = async () => {
    const rsa = () => subtle.generateKey(rsaParams, false, ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey']);
    // As the app makes its key: generate, export the public JWK, hash the RFC 7638 members.
    const p256 = async () => {
      const pair = await subtle.generateKey(curve, false, ['deriveKey', 'deriveBits']);
      const jwk = await subtle.exportKey('jwk', pair.publicKey);
      const members = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y });
      await subtle.digest('SHA-256', new TextEncoder().encode(members));
    };
    return { rsa3072: await timeOps(rsa, 1), p256: await timeOps(p256, 100) };
  };
  window.benchUnwrap = async () => {
    const content = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['decrypt']);
    const rsa = await subtle.generateKey(rsaParams, false, ['wrapKey', 'unwrapKey']);
    const rsaWrapped = await subtle.wrapKey('raw', content, rsa.publicKey, { name: 'RSA-OAEP' });
    const device = await subtle.generateKey(curve, false, ['deriveKey', 'deriveBits']);
    const ephemeral = await subtle.generateKey(curve, true, ['deriveKey']);
    const epk = await subtle.exportKey('jwk', ephemeral.publicKey);
    const hkdf = { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(40), info: new Uint8Array(160) };
    const ecdh = (publicKey) => ({ name: 'ECDH', public: publicKey });
    const serverSecret = await subtle.deriveKey(ecdh(device.publicKey), ephemeral.privateKey, 'HKDF', false, ['deriveKey']);
    const serverKek = await subtle.deriveKey(hkdf, serverSecret, { name: 'AES-KW', length: 256 }, false, ['wrapKey']);
    const ecWrapped = await subtle.wrapKey('raw', content, serverKek, 'AES-KW');
    const rsaUnwrap = () => subtle.unwrapKey('raw', rsaWrapped, rsa.privateKey, { name: 'RSA-OAEP' }, 'AES-GCM', false, ['decrypt']);
    const p256Unwrap = async () => {
      const serverKey = await subtle.importKey('jwk', epk, curve, true, []);
      const secret = await subtle.deriveKey(ecdh(serverKey), device.privateKey, 'HKDF', false, ['deriveKey']);
      const kek = await subtle.deriveKey(hkdf, secret, { name: 'AES-KW', length: 256 }, false, ['unwrapKey']);
      return subtle.unwrapKey('raw', ecWrapped, kek, 'AES-KW', 'AES-GCM', false, ['decrypt']);
    };
    return { rsa3072Ms: (await timeOps(rsaUnwrap, 10)).medianMs, p256Ms: (await timeOps(p256Unwrap, 10)).medianMs };
  };
`;

export async function benchDeviceKey(): Promise<TDeviceKeyBench> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.route('http://localhost:9/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<script>${PAGE_SCRIPT}</script><p>device key bench</p>` }),
    );
    await page.goto('http://localhost:9/');
    const cdp = await page.context().newCDPSession(page);
    const generate = {} as TDeviceKeyBench['generate'];
    for (const rate of [1, 4] as const) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      generate[`${rate}x`] = (await page.evaluate('window.benchGenerate()')) as TDeviceKeyBench['generate']['1x'];
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const unwrap = (await page.evaluate('window.benchUnwrap()')) as TDeviceKeyBench['unwrap'];
    const result: TDeviceKeyBench = {
      chromium: browser.version(),
      loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
      generate,
      unwrap,
    };
    writeResult('device-key', result);
    return result;
  } finally {
    await browser.close();
  }
}
