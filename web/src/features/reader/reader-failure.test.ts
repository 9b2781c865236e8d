import { describe, expect, it } from 'vitest';
import { READER_MESSAGES } from '@shared/reader';
import { ReaderError } from '@web/lib/reader-error';
import { describeReaderFailure } from './reader-failure';

describe('describeReaderFailure', () => {
  it("shows the server's own message for no_access and points to the plans", () => {
    const failure = describeReaderFailure(
      new ReaderError('no_access', 'Choose this book first: you have 2 picks left.', { status: 402 }),
    );
    expect(failure).toMatchObject({
      code: 'no_access',
      message: 'Choose this book first: you have 2 picks left.',
      actions: ['subscribe', 'book'],
    });
  });

  it('offers a reload for a chunk that fails verification', () => {
    expect(describeReaderFailure(new ReaderError('decrypt_failed', 'x'))).toMatchObject({
      message: READER_MESSAGES.decryptFailed,
      actions: ['reload', 'book'],
    });
  });

  it('uses the reader messages for licence and missing content, and retries network trouble', () => {
    expect(describeReaderFailure(new ReaderError('license_invalid', 'x'))).toMatchObject({
      message: READER_MESSAGES.licenseInvalid,
      actions: ['retry', 'book'],
    });
    expect(describeReaderFailure(new ReaderError('no_content', 'x'))).toMatchObject({
      message: READER_MESSAGES.noContent,
      actions: ['book'],
    });
    expect(describeReaderFailure(new ReaderError('network', 'Unable to connect to server'))).toMatchObject({
      message: 'Unable to connect to server',
      actions: ['retry', 'book'],
    });
  });

  it('accepts reader errors by shape, and gives anything else a general message with a reload', () => {
    expect(describeReaderFailure({ code: 'clock_rollback', message: 'Fix the clock.' })).toMatchObject({
      code: 'clock_rollback',
      message: 'Fix the clock.',
    });
    for (const error of [new Error('Invalid PDF structure.'), { code: 'weird' }, null, 'text']) {
      expect(describeReaderFailure(error)).toMatchObject({ code: 'unknown', actions: ['reload', 'book'] });
    }
  });
});
