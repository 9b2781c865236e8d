import { afterEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@web/features/auth/queries';
import { createQueryClient } from '@web/lib/query-client';
import { makeUser } from './test-helpers';
import { prepareBrowserDeviceForSignedInReader } from './prepare-browser-device';

const NOW = new Date('2026-03-01T12:00:00Z');

function setUp() {
  const queryClient = createQueryClient();
  const idle: (() => void)[] = [];
  const prepare = vi.fn((_userId: string) => Promise.resolve());
  const start = () =>
    prepareBrowserDeviceForSignedInReader(queryClient, {
      prepare,
      whenIdle: (run) => idle.push(run),
      now: () => NOW,
    });
  const runIdle = async () => {
    for (const run of idle.splice(0)) run();
    await Promise.resolve();
  };
  return { queryClient, prepare, start, runIdle };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('prepareBrowserDeviceForSignedInReader', () => {
  it('prepares the device of a reader already signed in at start, at idle and once', async () => {
    const { queryClient, prepare, start, runIdle } = setUp();
    queryClient.setQueryData(authKeys.user, makeUser({ id: 'reader-1' }));
    stop = start();
    expect(prepare).not.toHaveBeenCalled();
    await runIdle();
    expect(prepare.mock.calls).toEqual([['reader-1']]);

    queryClient.setQueryData(authKeys.user, makeUser({ id: 'reader-1', firstName: 'Renamed' }));
    await runIdle();
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('prepares after a sign-in, and for the next user after a switch of account', async () => {
    const { queryClient, prepare, start, runIdle } = setUp();
    queryClient.setQueryData(authKeys.user, null);
    stop = start();
    await runIdle();
    expect(prepare).not.toHaveBeenCalled();

    queryClient.setQueryData(authKeys.user, makeUser({ id: 'reader-1' }));
    await runIdle();
    queryClient.setQueryData(authKeys.user, makeUser({ id: 'reader-2' }));
    await runIdle();
    expect(prepare.mock.calls).toEqual([['reader-1'], ['reader-2']]);
  });

  it('leaves accounts that cannot read alone', async () => {
    const { queryClient, prepare, start, runIdle } = setUp();
    stop = start();
    queryClient.setQueryData(
      authKeys.user,
      makeUser({ subscriptionTier: 'free', subscriptionStatus: 'inactive', freeTrialEndedAt: '2026-01-01T00:00:00Z' }),
    );
    await runIdle();
    expect(prepare).not.toHaveBeenCalled();
  });

  it('tries again at the next change of the user record after a failure', async () => {
    const { queryClient, prepare, start, runIdle } = setUp();
    prepare.mockRejectedValueOnce(new Error('offline'));
    stop = start();
    queryClient.setQueryData(authKeys.user, makeUser({ id: 'reader-1' }));
    await runIdle();
    await Promise.resolve();
    queryClient.setQueryData(authKeys.user, makeUser({ id: 'reader-1', firstName: 'Again' }));
    await runIdle();
    expect(prepare.mock.calls).toEqual([['reader-1'], ['reader-1']]);
  });
});
