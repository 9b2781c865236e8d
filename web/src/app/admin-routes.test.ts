import { describe, expect, it } from 'vitest';
import { ADMIN_NAV_ITEMS } from '@web/features/admin-shell/admin-nav';
import { ADMIN_NAV_PATHS } from './admin-routes';

describe('back-office routes in the first bundle', () => {
  it('name exactly the screens of the side navigation', () => {
    expect([...ADMIN_NAV_PATHS].sort()).toEqual(ADMIN_NAV_ITEMS.map((item) => item.path).sort());
  });
});
