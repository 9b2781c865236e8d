/** What every feature's routes receive: the database, configuration and logger of this process. */
import type { Db } from './db/client';
import type { books } from './db/schema';
import type { TEnv } from './env';
import type { Logger } from './logger';
import type { Mailer } from './adapters/mailer/mailer';
import type { BlobStore } from './adapters/blobs/blob-store';
import type { PaymentsProvider } from './adapters/payments/payments';
import type { SessionUser } from './features/auth/session.service';
import type { RequestLogger } from './middleware/request-context';

export interface AppDeps {
  db: Db;
  env: TEnv;
  logger: Logger;
  /** Delivers e-mail (outbox by default, SMTP when configured); use features/email, not this directly. */
  mailer: Mailer;
  /** Binary files such as avatars (local disk by default). */
  blobs: BlobStore;
  /** Payments: the embedded test-mode provider by default, Stripe when configured (adapters/payments). */
  payments: PaymentsProvider;
  /** Clock seam so tests and the test-mode billing provider can move time. */
  now: () => Date;
  /** Demo mode only (set by index.ts): makes the PDF of a demo book that has none yet, on first use. */
  demoContent?: DemoContentSource;
}

/** Where demo books get their PDFs (db/seed/demo-content.ts); ingestion stores what it makes. */
export interface DemoContentSource {
  pdfFor(book: typeof books.$inferSelect): Promise<TDemoBookPdf>;
}

export interface TDemoBookPdf {
  pdf: Uint8Array;
  source: 'seed' | 'generated';
  /** Render page 1 as the cover; generated books keep their SVG cover. */
  renderCover: boolean;
  /** What book_pdf_map records as the source once it is stored (the real books' typesetting fingerprint). */
  recordAs?: string;
}

export interface AppVariables {
  requestId: string;
  /** Per-request logger; `.logger` is a pino child stamped with the request id. */
  log: RequestLogger;
  /** The signed-in user resolved from the session cookie, or null (features/auth/session.middleware.ts). */
  sessionUser: SessionUser | null;
  /** Hash of the current session token, or null. */
  sessionId: string | null;
}

export type AppEnv = { Variables: AppVariables };
