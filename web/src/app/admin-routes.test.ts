import { describe, expect, it } from 'vitest';
import { ADMIN_NAV_ITEMS } from '@web/features/admin-shell/admin-nav';
import { ADMIN_NAV_PATHS, ADMIN_SCREENS, FEEDBACK_TRIAGE_PATHS } from './admin-routes';

describe('back-office routes in the first bundle', () => {
  it('name exactly the screens of the side navigation', () => {
    expect([...ADMIN_NAV_PATHS].sort()).toEqual(ADMIN_NAV_ITEMS.map((item) => item.path).sort());
  });

  it('open the feedback triage to moderators, as the navigation shows it, and every other screen to admins only', () => {
    expect(ADMIN_NAV_ITEMS.filter((item) => item.moderatorsToo).map((item) => item.path)).toEqual([
      ...FEEDBACK_TRIAGE_PATHS,
    ]);
    for (const screen of ADMIN_SCREENS)
      expect(screen.access, screen.path).toBe(
        FEEDBACK_TRIAGE_PATHS.includes(screen.path) ? 'feedback-triage' : 'admin',
      );
  });
});
