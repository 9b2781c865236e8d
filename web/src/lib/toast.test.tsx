import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toaster';
import { TOAST_INFO_DURATION_MS } from '@shared/limits';
import { dismissToast, getCurrentToast, infoToast, resetToasts, toast } from './toast';

afterEach(() => {
  cleanup();
  act(() => resetToasts());
});

describe('toast store', () => {
  it('keeps one toast at a time: a new one replaces the previous', () => {
    const first = toast({ title: 'First' });
    const second = toast({ title: 'Second', variant: 'destructive' });
    expect(second.id).not.toBe(first.id);
    expect(getCurrentToast()).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('ignores a dismiss for a toast that was already replaced', () => {
    const first = toast({ title: 'First' });
    toast({ title: 'Second' });
    first.dismiss();
    expect(getCurrentToast()).toMatchObject({ title: 'Second', open: true });
    dismissToast();
    expect(getCurrentToast()).toMatchObject({ title: 'Second', open: false });
  });
});

describe('info toasts', () => {
  it('stay on screen for the short info duration; other toasts keep the default', () => {
    infoToast({ title: 'Profile updated' });
    expect(getCurrentToast()).toMatchObject({
      title: 'Profile updated',
      variant: 'default',
      duration: TOAST_INFO_DURATION_MS,
    });
    expect(TOAST_INFO_DURATION_MS).toBeLessThan(5000);
    toast({ title: 'Login Failed', variant: 'destructive' });
    expect(getCurrentToast()?.duration).toBeUndefined();
  });
});

describe('<Toaster />', () => {
  it('shows only the newest toast', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved', description: 'Your book was added.' });
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      toast({ title: 'Logout failed', description: 'Something went wrong during logout.', variant: 'destructive' });
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByText('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong during logout.').closest('[data-variant]')).toHaveAttribute(
      'data-variant',
      'destructive',
    );
  });

  it('labels the notification area with its F8 hotkey', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  });

  it('renders an action button', () => {
    render(<Toaster />);
    let clicked = false;
    act(() => {
      toast({
        title: 'A new version is available',
        action: { label: 'Reload', altText: 'Reload now', onClick: () => (clicked = true) },
      });
    });
    act(() => screen.getByRole('button', { name: 'Reload' }).click());
    expect(clicked).toBe(true);
  });
});
