/**
 * Helpers for the reader and licence API tests: the selections test app with a small chunk size, a
 * typeset test book (several chunks, known words on known pages) ingested through the real pipeline,
 * and the browser side of the protocol (device key, licence unwrap, chunk decryption) in WebCrypto.
 */
import { base64url, createLocalJWKSet, jwtVerify } from 'jose';
import {
  chunkAad,
  LICENSE_AUDIENCE,
  LICENSE_ISSUER,
  manifestSegment,
  type TBookManifest,
  type TSegmentIvForm,
  type TBrowserDevice,
  type TLicenseClaims,
  type TLicenseJwks,
} from '@shared/reader';
import { systemConfig } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { successBody } from '../../test-utils';
import { createBook } from '../../test-factories';
import {
  sharedDeviceKey,
  unwrapWithTestKey,
  type TTestDeviceKey,
  type TTestKeyType,
} from '../devices/device-keys-test-support';
import { ingestBookPdf } from '../ingest/ingest.service';
import { typesetBook } from '../../db/seed/typeset';
import { setup } from '../selections/selections-test-support';

/** The smallest chunk size ingestion accepts, so the test book spans several chunks. */
export const TEST_CHUNK_SIZE = 64 * 1024;
/** Words the test book contains on one known page each (see TEST_BOOK_SECTIONS). */
export const RARE_WORD = 'zephyr';

const paragraph = (n: number) =>
  `Paragraph ${n} tells of the lighthouse keeper who watched the grey sea every night and wrote long letters to nobody in particular, folding each one into a paper boat.`;

const TEST_BOOK_SECTIONS = Array.from({ length: 30 }, (_, section) => ({
  title: `Chapter ${section + 1}`,
  text: Array.from(
    { length: 40 },
    (_, i) => paragraph(section * 40 + i) + (section === 6 && i === 10 ? ` A ${RARE_WORD} crossed the bay.` : ''),
  ).join('\n\n'),
}));

let testPdf: Promise<Uint8Array> | null = null;
/** The test book's PDF (typeset once per test file). */
export function testBookPdf(): Promise<Uint8Array> {
  testPdf ??= typesetBook({
    title: 'The Lighthouse Letters',
    author: 'Test Author',
    sections: TEST_BOOK_SECTIONS,
  }).then((result) => result.bytes);
  return testPdf;
}

/** `db` runs the app on another (migrated) database, such as a file in WAL mode instead of `:memory:`. */
export function setupReader(overrides: Pick<Partial<AppDeps>, 'db'> = {}) {
  const t = setup({}, overrides);
  t.db
    .insert(systemConfig)
    .values({ key: 'chunk_size', value: String(TEST_CHUNK_SIZE), dataType: 'number' })
    .run();

  /**
   * A published book of `tier` whose PDF went through the ingest pipeline; `segmentIvs: 'listed'` stores it
   * as versions ingested before the compact manifest were (docs/decisions/022-compact-manifest.md).
   */
  async function bookWithContent(
    tier: 'trial' | 'basic' | 'premium' = 'trial',
    options: { segmentIvs?: TSegmentIvForm } = {},
  ) {
    const book = createBook(t.db, { requiredTier: tier, skipIndex: true, previewPageCount: 3 });
    const pdf = await testBookPdf();
    const { asset } = await ingestBookPdf({
      deps: t,
      bookId: book.id,
      pdf,
      source: 'cli',
      renderCover: false,
      segmentIvs: options.segmentIvs,
    });
    return { book, asset, pdf };
  }

  return { ...t, bookWithContent };
}

type TReader = Awaited<ReturnType<ReturnType<typeof setupReader>['reader']>>;

/** Registers a browser key for the reader, as the web app does before asking for a licence. */
export async function registerBrowser(
  reader: TReader,
  slot = 0,
  keyType: TTestKeyType = 'p256',
): Promise<{ device: TBrowserDevice; key: TTestDeviceKey }> {
  const key = await sharedDeviceKey(slot, keyType);
  const response = await reader.api.devices.browser.$post({ json: { publicKey: key.publicJwk } });
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`device registration answered ${response.status}: ${await response.text()}`);
  return { device: await successBody(response), key };
}

/** What the browser does with a licence: verify it against the JWKS, then unwrap the content key (non-extractable). */
export async function openLicense(options: { jwks: TLicenseJwks; license: string; key: TTestDeviceKey; now: Date }) {
  const { payload } = await jwtVerify(options.license, createLocalJWKSet(options.jwks), {
    algorithms: ['ES256'],
    audience: LICENSE_AUDIENCE,
    issuer: LICENSE_ISSUER,
    currentDate: options.now,
  });
  const claims = payload as unknown as TLicenseClaims;
  const contentKey = await unwrapWithTestKey(
    options.key,
    { alg: claims.keyWrapAlg, epk: claims.epk, wrapped: claims.keyWrapped },
    'licence-content-key',
    { algorithm: { name: 'AES-GCM' }, extractable: false, usages: ['decrypt'] },
  );
  return { claims, contentKey };
}

/** Decrypts one chunk as the reader does (AES-256-GCM, AAD bookId|version|index). */
export async function decryptChunk(
  manifest: TBookManifest,
  contentKey: CryptoKey,
  index: number,
  ciphertext: Uint8Array,
): Promise<Uint8Array> {
  const chunk = manifestSegment(manifest, index);
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: (typeof chunk.iv === 'string' ? base64url.decode(chunk.iv) : chunk.iv) as Uint8Array<ArrayBuffer>,
      additionalData: new TextEncoder().encode(chunkAad(manifest.bookId, manifest.version, index)),
      tagLength: 128,
    },
    contentKey,
    ciphertext as Uint8Array<ArrayBuffer>,
  );
  return new Uint8Array(plain);
}
