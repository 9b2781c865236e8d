import { describe, expect, it } from 'vitest';
import { createMemoryBlobStore } from '../../adapters/blobs/blob-store';
import { createTestContext, successBody } from '../../test-utils';
import { sniffImageFormat } from '../../lib/image-format';
import { insertUser, jsonHeaders, signIn } from './profile-test-support';

/** A real 1×1 PNG. */
const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const JPEG_START = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const WEBP_START = Uint8Array.from(
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
);

async function setup() {
  const blobs = createMemoryBlobStore();
  const context = createTestContext({ blobs });
  const user = await insertUser(context.db);
  const { cookie } = signIn(context.db, user.id);
  const reader = context.clientFor(cookie);
  const upload = (bytes: Uint8Array<ArrayBuffer>, name = 'me.png', type = 'image/png') =>
    reader.me.avatar.$put({ form: { avatar: new File([bytes], name, { type }) } });
  return { ...context, blobs, user, cookie, reader, upload };
}

describe('PUT /api/me/avatar', () => {
  it('stores a real PNG, sets profileImageUrl and serves it with its type and nosniff', async () => {
    const { app, blobs, user, upload, reader } = await setup();
    const response = await upload(TINY_PNG);
    expect(response.status).toBe(200);
    const profile = await successBody(response);
    expect(profile.profileImageUrl).toMatch(new RegExp(`^/api/avatars/${user.id}/[a-f0-9]{24}\\.png$`));
    expect(blobs.keys()).toEqual([`avatars/${user.id}/${profile.profileImageUrl!.split('/').pop()}`]);

    const me = await successBody(await reader.me.$get());
    expect(me.profileImageUrl).toBe(profile.profileImageUrl);

    // Public: an <img> elsewhere in the app loads it without special handling.
    // raw request: follows the URL the API returned, as an <img> does
    const image = await app.request(profile.profileImageUrl!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(TINY_PNG);
  });

  it('accepts JPEG and WebP by their bytes, whatever the declared type says', async () => {
    const { upload } = await setup();
    const jpeg = await successBody(await upload(JPEG_START, 'photo.bin', 'application/octet-stream'));
    expect(jpeg.profileImageUrl).toMatch(/\.jpg$/);
    const webp = await successBody(await upload(WEBP_START, 'photo.webp', 'image/webp'));
    expect(webp.profileImageUrl).toMatch(/\.webp$/);
  });

  it.each([
    ['text named .png', new TextEncoder().encode('definitely not an image, just text'), 'fake.png', 'image/png'],
    [
      'SVG',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
    ['GIF', new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000'), 'x.gif', 'image/gif'],
    ['empty file', new Uint8Array(), 'empty.png', 'image/png'],
  ])('refuses a %s with 400', async (_name, bytes, name, type) => {
    const { upload, blobs } = await setup();
    const response = await upload(bytes, name, type);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({
      errors: [{ field: 'avatar', message: 'Image must be a PNG, JPEG or WebP file' }],
    });
    expect(blobs.keys()).toEqual([]);
  });

  it('refuses images over 2 MB with 413', async () => {
    const { upload, blobs } = await setup();
    for (const size of [2 * 1024 * 1024 + 1, 5 * 1024 * 1024]) {
      const big = new Uint8Array(size);
      big.set(TINY_PNG);
      const response = await upload(big);
      expect(response.status, String(size)).toBe(413);
      expect(await response.json()).toMatchObject({
        detail: 'Image must be 2 MB or smaller',
        errors: [{ field: 'avatar' }],
      });
    }
    expect(blobs.keys()).toEqual([]);
  });

  it('accepts an image of exactly 2 MB', async () => {
    const { upload } = await setup();
    const edge = new Uint8Array(2 * 1024 * 1024);
    edge.set(TINY_PNG);
    expect((await upload(edge)).status).toBe(200);
  });

  it('asks for the file when the field is missing or the body is JSON', async () => {
    const { app, cookie } = await setup();
    const form = new FormData();
    form.append('picture', new File([TINY_PNG], 'me.png', { type: 'image/png' }));
    // raw request: the file under another field name, which the route's form type forbids
    const wrongField = await app.request('/api/me/avatar', { method: 'PUT', headers: { cookie }, body: form });
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toMatchObject({
      errors: [{ field: 'avatar', message: 'Choose an image to upload' }],
    });
    // raw request: a JSON body where the route's type wants a form
    const json = await app.request('/api/me/avatar', {
      method: 'PUT',
      headers: jsonHeaders(cookie),
      body: '{"avatar":"x"}',
    });
    expect(json.status).toBe(400);
  });

  it('removes the previous picture when a new one is uploaded, and on DELETE', async () => {
    const { upload, blobs, app, reader, user } = await setup();
    const first = await successBody(await upload(TINY_PNG));
    const second = await successBody(await upload(JPEG_START, 'b.jpg', 'image/jpeg'));
    expect(second.profileImageUrl).not.toBe(first.profileImageUrl);
    expect(blobs.keys()).toEqual([`avatars/${user.id}/${second.profileImageUrl!.split('/').pop()}`]);
    // raw request: follows the URL the API returned, as an <img> does
    expect((await app.request(first.profileImageUrl!)).status).toBe(404);

    const removed = await reader.me.avatar.$delete();
    expect(removed.status).toBe(200);
    expect((await removed.json()).profileImageUrl).toBeNull();
    expect(blobs.keys()).toEqual([]);
  });

  it('takes multipart from the same origin but not from another site', async () => {
    const { reader } = await setup();
    const send = (origin: string) =>
      reader.me.avatar.$put(
        { form: { avatar: new File([TINY_PNG], 'me.png', { type: 'image/png' }) } },
        { headers: { origin } },
      );
    expect((await send('http://localhost:3000')).status).toBe(200);
    expect((await send('https://evil.example')).status).toBe(403);
  });

  it('answers 401 when signed out', async () => {
    const { client } = createTestContext();
    const avatar = new File([TINY_PNG], 'me.png', { type: 'image/png' });
    expect((await client.me.avatar.$put({ form: { avatar } })).status).toBe(401);
  });

  it('is removed with the account', async () => {
    const context = createTestContext({ blobs: createMemoryBlobStore() });
    const user = await insertUser(context.db, { password: 'correct horse battery' });
    const reader = context.clientFor(signIn(context.db, user.id).cookie);
    await reader.me.avatar.$put({ form: { avatar: new File([TINY_PNG], 'me.png', { type: 'image/png' }) } });
    const blobs = context.blobs as ReturnType<typeof createMemoryBlobStore>;
    expect(blobs.keys()).toHaveLength(1);
    const response = await reader.me.$delete({ json: { password: 'correct horse battery', confirmation: 'DELETE' } });
    expect(response.status).toBe(200);
    expect(blobs.keys()).toEqual([]);
  });
});

describe('GET /api/avatars/:userId/:file', () => {
  it('answers 404 for unknown or malformed names', async () => {
    const { app } = createTestContext();
    // raw request: unknown and malformed (encoded ../) file names on purpose
    for (const path of [
      '/api/avatars/u1/0123456789abcdef01234567.png',
      '/api/avatars/u1/..%2F..%2Fsecret',
      '/api/avatars/u1/x.svg',
      '/api/avatars/..%2F/a.png',
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});

describe('sniffImageFormat', () => {
  it('needs the real signatures', () => {
    expect(sniffImageFormat(TINY_PNG)?.mimeType).toBe('image/png');
    expect(sniffImageFormat(TINY_PNG.slice(0, 8))).toBeNull();
    expect(sniffImageFormat(JPEG_START)?.mimeType).toBe('image/jpeg');
    expect(sniffImageFormat(WEBP_START)?.mimeType).toBe('image/webp');
    expect(sniffImageFormat(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVE'))).toBeNull();
  });
});
