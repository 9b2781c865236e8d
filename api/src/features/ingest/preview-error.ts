/** Why a preview could not be made (kept apart from preview.ts so callers need not load pdf-lib). */
export class PreviewError extends Error {
  constructor(
    message: string,
    readonly reason: 'encrypted' | 'invalid',
  ) {
    super(message);
    this.name = 'PreviewError';
  }
}
