import { describe, expect, it } from 'vitest';
import { matchSpaRoute } from '@shared/spa-routes';
import { APP_SCREENS } from '@web/app/router';
import { previewPath, readerPath } from '@web/lib/paths';

describe('reader routes', () => {
  it('are built screens with the access rules of the route table', () => {
    const access = new Map(APP_SCREENS.map((screen) => [screen.path, screen.access]));
    expect(access.get('/reader/:bookId')).toBe('subscriber');
    expect(access.get('/read/:bookId')).toBe('subscriber');
    expect(access.get('/book/:id/preview')).toBe('public');
  });

  it('are known to the server, which keeps them out of search engines', () => {
    expect(matchSpaRoute(readerPath('deep-work'))).toMatchObject({ indexable: false });
    expect(matchSpaRoute('/read/deep-work')).toMatchObject({ indexable: false });
    expect(matchSpaRoute(previewPath('deep-work'))).toMatchObject({
      pageType: 'book',
      indexable: false,
      bookIdOrSlug: 'deep-work',
    });
    expect(matchSpaRoute('/book/deep-work/preview/extra')).toBeNull();
  });
});
