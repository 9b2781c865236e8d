import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { SubscriptionBadge } from './subscription-badge';

afterEach(cleanup);

describe('<SubscriptionBadge />', () => {
  it('shows PREMIUM in the premium colour', () => {
    render(<SubscriptionBadge tier="premium" />);
    expect(screen.getByText('PREMIUM')).toHaveClass('bg-premium');
  });

  it('shows BASIC for basic', () => {
    render(<SubscriptionBadge tier="basic" />);
    expect(screen.getByText('BASIC')).toBeInTheDocument();
  });

  it('shows TRIAL for trial and for a missing tier', () => {
    const { rerender } = render(<SubscriptionBadge tier="trial" />);
    expect(screen.getByText('TRIAL')).toBeInTheDocument();
    rerender(<SubscriptionBadge tier={undefined} />);
    expect(screen.getByText('TRIAL')).toBeInTheDocument();
    rerender(<SubscriptionBadge tier={null} />);
    expect(screen.getByText('TRIAL')).toBeInTheDocument();
  });

  it('shows FREE for the free tier', () => {
    render(<SubscriptionBadge tier="free" />);
    expect(screen.getByText('FREE')).toBeInTheDocument();
  });
});
