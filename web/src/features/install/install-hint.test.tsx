import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteDb } from '@web/storage/db';
import { readInstallHintState } from '@web/storage/install-hint';
import InstallHint, { INSTALL_HINT_TITLE } from './install-hint';
import type { TBeforeInstallPromptEvent } from './install-prompt';
import { isIosSafari } from './use-install-offer';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

afterEach(async () => {
  vi.restoreAllMocks();
  await deleteDb();
});

function promptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt') as TBeforeInstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('isIosSafari', () => {
  it('is true for Safari on an iPhone and on an iPad that presents itself as a Mac with touch', () => {
    expect(isIosSafari(IPHONE_SAFARI, 'iPhone', 5)).toBe(true);
    expect(isIosSafari(IPAD_AS_MAC, 'MacIntel', 5)).toBe(true);
  });

  it('is false for another browser on iOS, a real Mac and a desktop browser', () => {
    expect(isIosSafari(IPHONE_CHROME, 'iPhone', 5)).toBe(false);
    expect(isIosSafari(IPAD_AS_MAC, 'MacIntel', 0)).toBe(false);
    expect(isIosSafari(DESKTOP_CHROME, 'Linux x86_64', 0)).toBe(false);
  });
});

describe('install hint', () => {
  it('shows the iOS steps and, once dismissed, stays away on the next render', async () => {
    const { unmount } = render(<InstallHint offer={{ kind: 'ios' }} />);
    expect(await screen.findByRole('heading', { name: INSTALL_HINT_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/Add to Home Screen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Install' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('heading', { name: INSTALL_HINT_TITLE })).not.toBeInTheDocument();
    await waitFor(async () => expect((await readInstallHintState())?.reason).toBe('dismissed'));
    unmount();

    render(<InstallHint offer={{ kind: 'ios' }} />);
    // Give the storage read its turn: the hint must not come back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: INSTALL_HINT_TITLE })).not.toBeInTheDocument();
  });

  it("opens the browser's prompt from Install and remembers an installed app", async () => {
    const { event, prompt } = promptEvent('accepted');
    render(<InstallHint offer={{ kind: 'prompt', event }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    await waitFor(async () => expect((await readInstallHintState())?.reason).toBe('installed'));
    expect(screen.queryByRole('heading', { name: INSTALL_HINT_TITLE })).not.toBeInTheDocument();
  });

  it('closes from the close button as well', async () => {
    const { event } = promptEvent('dismissed');
    render(<InstallHint offer={{ kind: 'prompt', event }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Close the install hint' }));
    await waitFor(async () => expect((await readInstallHintState())?.reason).toBe('dismissed'));
  });
});
