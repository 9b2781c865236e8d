/**
 * The links of the header, the mobile side menu and the footer (docs/product/routes-and-screens.md#navigation), as data
 * so the three stay consistent. Visibility by role is decided from the server's user record only.
 */
import type { TRole } from '@shared/tiers';
import { ADMIN_ROLES, hasPermission, SUPER_ADMIN_ROLES } from '@shared/permissions';

/** id of the mobile menu's sheet, for the menu button's aria-controls. */
export const MOBILE_MENU_ID = 'mobile-menu';

export interface NavLinkItem {
  to: string;
  label: string;
  /** Only for signed-in readers. */
  isPersonal?: boolean;
}

/** Desktop header: Home and Store for everyone; Library, Offline and Dashboard when signed in. */
export const HEADER_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/bookstore', label: 'Store' },
  { to: '/library', label: 'Library', isPersonal: true },
  { to: '/offline', label: 'Offline', isPersonal: true },
  { to: '/dashboard', label: 'Dashboard', isPersonal: true },
];

/**
 * Mobile side menu, in the order of docs/product/routes-and-screens.md#navigation; Offline reading follows My Library
 * so a phone reader without a connection finds the downloads from the menu.
 */
export const MOBILE_MENU_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Home' },
  { to: '/bookstore', label: 'Book Store' },
  { to: '/library', label: 'My Library', isPersonal: true },
  { to: '/offline', label: 'Offline reading', isPersonal: true },
  { to: '/devices', label: 'Devices', isPersonal: true },
  { to: '/challenges', label: 'Challenges' },
  { to: '/dashboard', label: 'Dashboard', isPersonal: true },
  { to: '/subscribe', label: 'Subscription' },
];

/** The mobile menu's Admin group, for admin and super_admin. */
export const ADMIN_MENU_LINKS: NavLinkItem[] = [
  { to: '/admin', label: 'Admin Dashboard' },
  { to: '/admin/bulk-categorization', label: 'Bulk Categorisation' },
  { to: '/admin/email-management', label: 'Email Management' },
  { to: '/admin/subscription-management', label: 'Subscription Management' },
  { to: '/testing-qa', label: 'Testing & QA' },
];

export const SUPER_ADMIN_MENU_LINK: NavLinkItem = { to: '/super-admin', label: 'Super Admin' };

/**
 * The moderators' queue (docs/product/reviews-and-challenges.md#moderation), for every role holding community:moderate:
 * moderators have no back office, so the header and the mobile menu carry the link.
 */
export const MODERATION_LINK: NavLinkItem = { to: '/moderation', label: 'Moderation' };

export function canModerate(role: TRole | null | undefined): boolean {
  return hasPermission(role, 'community:moderate');
}

export function canSeeAdmin(role: TRole | null | undefined): boolean {
  return role ? ADMIN_ROLES.includes(role) : false;
}

export function canSeeSuperAdmin(role: TRole | null | undefined): boolean {
  return role ? SUPER_ADMIN_ROLES.includes(role) : false;
}

export interface FooterColumn {
  heading: string;
  links: NavLinkItem[];
}

/**
 * Footer columns. Category links use the bookstore's category filter (category slugs); support and
 * company pages that do not exist yet are planned areas (see route-access.ts), never dead links.
 */
export const FOOTER_COLUMNS: FooterColumn[] = [
  {
    heading: 'Books',
    links: [
      { to: '/bookstore', label: 'Browse All Books' },
      { to: '/bookstore?category=personal-growth', label: 'Personal Growth' },
      { to: '/bookstore?category=leadership', label: 'Leadership' },
      { to: '/bookstore?category=business', label: 'Business' },
      { to: '/bookstore?category=philosophy', label: 'Philosophy' },
    ],
  },
  {
    heading: 'Account',
    links: [
      { to: '/library', label: 'My Library' },
      { to: '/profile', label: 'Profile' },
      { to: '/billing', label: 'Billing' },
      { to: '/devices', label: 'Devices' },
      { to: '/subscribe', label: 'Plans & Pricing' },
    ],
  },
  {
    heading: 'Support',
    links: [
      { to: '/help', label: 'Help Centre' },
      { to: '/offline', label: 'Offline Reading' },
      { to: '/challenges', label: 'Reading Challenges' },
      { to: '/accessibility-test', label: 'Accessibility' },
      { to: '/health-dashboard', label: 'Service Status' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/contact', label: 'Contact' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
];
