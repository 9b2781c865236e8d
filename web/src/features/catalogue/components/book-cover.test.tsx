import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BookCover } from './book-cover';
import { RatingStars } from '@web/components/rating-stars';
import { apiPath } from '@web/lib/api-test-support';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('BookCover', () => {
  it('shows the cover at 200x280, lazily loaded, by default', () => {
    render(<BookCover src={apiPath('/books/atomic/cover.svg')} title="Atomic Habits" />);
    const image = screen.getByRole('img', { name: 'Cover of Atomic Habits' });
    expect(image).toHaveAttribute('src', apiPath('/books/atomic/cover.svg'));
    expect(image).toHaveAttribute('width', '200');
    expect(image).toHaveAttribute('height', '280');
    expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('falls back to the placeholder and logs a warning when the image fails', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<BookCover src="/broken.jpg" title="Atomic Habits" />);
    const image = screen.getByRole('img', { name: 'Cover of Atomic Habits' });
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', apiPath('/placeholder/200/280'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Book cover failed to load'));
    // A failing placeholder does not loop.
    fireEvent.error(image);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('uses the placeholder of the requested size when there is no cover', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<BookCover src="" title="Untitled" width={320} height={448} />);
    expect(screen.getByRole('img', { name: 'Cover of Untitled' })).toHaveAttribute(
      'src',
      apiPath('/placeholder/320/448'),
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Book cover missing'));
  });
});

describe('RatingStars', () => {
  it('announces the rating out of 5 and fills stars partially', () => {
    render(<RatingStars rating={4.5} totalRatings={1234} />);
    const stars = screen.getByRole('img', { name: 'Rated 4.5 out of 5' });
    // Four whole stars filled, then half of the fifth (drawn by .rating-stars in styles.css).
    expect(stars.style.getPropertyValue('--rating-whole')).toBe('4');
    expect(stars.style.getPropertyValue('--rating-part')).toBe('0.5');
    expect(screen.getByText(/1,234/)).toBeInTheDocument();
  });

  it('clamps out-of-range ratings', () => {
    render(<RatingStars rating={7} />);
    const stars = screen.getByRole('img', { name: 'Rated 5 out of 5' });
    expect(stars.style.getPropertyValue('--rating-whole')).toBe('5');
    expect(stars.style.getPropertyValue('--rating-part')).toBe('0');
  });
});
