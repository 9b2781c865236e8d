import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import NotFoundPage from './not-found-page';
import { renderWithRouter } from './test-helpers';

afterEach(cleanup);

describe('<NotFoundPage />', () => {
  it("is titled 'Page Not Found' and links home", () => {
    renderWithRouter(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Page Not Found | Wonderful Books');
  });
});
