import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { allowConsoleError } from '../../../test/setup-console';
import { ErrorBoundary } from './error-boundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('kaboom');
}

function renderBroken() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return allowConsoleError(() =>
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    ),
  );
}

describe('<ErrorBoundary />', () => {
  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('shows the full-page error screen of docs/product/errors.md#rendering-errors', () => {
    renderBroken();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText("We're sorry, but something unexpected happened. Please try refreshing the page."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
  });

  it('Refresh Page reloads and Go Home loads /', () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderBroken();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('stays on the error screen when re-rendered with healthy children', () => {
    const { rerender } = renderBroken();
    rerender(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('All good')).not.toBeInTheDocument();
  });
});
