/**
 * The pending-verification record (docs/product/data-model.md#client-visible-entities): { userId, email } in
 * localStorage between registration and a successful e-mail verification, so the verify screen still works when opened
 * without its query parameters (a reload, or the tab reopened later). Written by the register screen, removed by the
 * verify screen on success. Holds no secret: the code itself is only in the e-mail.
 */
export const PENDING_VERIFICATION_KEY = 'wonderful-books:pending-verification';

export interface TPendingVerification {
  userId: string;
  email: string;
}

export function savePendingVerification(record: TPendingVerification): void {
  try {
    window.localStorage.setItem(PENDING_VERIFICATION_KEY, JSON.stringify(record));
  } catch {
    // Storage full or blocked (private mode): the query parameters still carry the record.
  }
}

export function readPendingVerification(): TPendingVerification | null {
  try {
    const raw = window.localStorage.getItem(PENDING_VERIFICATION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<TPendingVerification> | null;
    if (!value || typeof value.userId !== 'string' || !value.userId) return null;
    return { userId: value.userId, email: typeof value.email === 'string' ? value.email : '' };
  } catch {
    return null;
  }
}

export function clearPendingVerification(): void {
  try {
    window.localStorage.removeItem(PENDING_VERIFICATION_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** /auth/verify-email?userId=..&email=.. with both values URL-encoded (docs/product/accounts.md#registration). */
export function verifyEmailPath({ userId, email }: { userId: string; email?: string | null }): string {
  const params = new URLSearchParams({ userId });
  if (email) params.set('email', email);
  return `/auth/verify-email?${params.toString()}`;
}
