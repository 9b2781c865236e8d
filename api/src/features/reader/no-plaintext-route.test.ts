/**
 * A protected-content invariant (docs/ARCHITECTURE.md#protected-content-invariants): no plaintext PDF is reachable
 * through any route. The route list comes from the real app (as in the authorisation matrix); every GET route is
 * requested by an entitled super admin with a book that has content, and only the preview route may answer a PDF.
 */
import { describe, expect, it } from 'vitest';
import { get } from '../auth/auth-test-helpers';
import { isPdfHeader } from '../ingest/ingest.service';
import { setupReader } from './reader-test-support';

const PREVIEW_ROUTE = '/api/books/:idOrSlug/preview';
const PDF_MAGIC = '%PDF-';

describe('no route returns a plaintext PDF', () => {
  it('only the preview route answers application/pdf or %PDF- bytes, and the preview is not the book', async () => {
    const t = setupReader();
    const { book, pdf } = await t.bookWithContent('premium');
    const reader = await t.reader('premium', { role: 'super_admin' });
    // Open the book first so loans, licences-to-be and chunks all exist.
    expect((await reader.api.books[':idOrSlug'].manifest.$get({ param: { idOrSlug: book.id } })).status).toBe(200);

    const getRoutes = [
      ...new Set(
        t.app.routes.filter((route) => route.method === 'GET' && !route.path.includes('*')).map((route) => route.path),
      ),
    ];
    expect(getRoutes).toContain(PREVIEW_ROUTE);
    expect(getRoutes).toContain('/api/books/:id/chunks/:n');

    const fill = (path: string) =>
      path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, (_match, name: string) => {
        if (name === 'n') return '0';
        if (name === 'userId') return reader.user.id;
        if (/^(id|idOrSlug|bookId)$/.test(name)) return book.id;
        return crypto.randomUUID();
      });

    const seen: string[] = [];
    for (const route of getRoutes) {
      const url = `${fill(route)}?v=1&q=lighthouse`;
      // raw request: every GET route of the route table, whatever its type
      const response = await get(t.app, url, { cookie: reader.cookie });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const contentType = response.headers.get('content-type') ?? '';
      const context = `${route} answered ${response.status} ${contentType}`;
      expect(response.status, context).toBeLessThan(500);
      if (route === PREVIEW_ROUTE) {
        expect(contentType, context).toBe('application/pdf');
        expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe(PDF_MAGIC);
        expect(Buffer.from(bytes).equals(Buffer.from(pdf)), 'the preview must not be the whole book').toBe(false);
        continue;
      }
      expect(contentType, context).not.toMatch(/pdf/i);
      expect(isPdfHeader(bytes), context).toBe(false);
      expect(
        Buffer.from(bytes).indexOf(Buffer.from(pdf.subarray(0, 256))),
        `${context} contains the book's first bytes`,
      ).toBe(-1);
      seen.push(`${route} ${response.status}`);
    }
    // The chunk route really answered (ciphertext), so the scan covered the delivery path.
    expect(seen).toContain('/api/books/:id/chunks/:n 200');
  });
});
