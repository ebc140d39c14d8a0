type NavItem = { to: string; label: string };

export const MAIN_NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/explore', label: 'Explore' },
  { to: '/analytics', label: 'Analytics' },
];

export const CREATE_POST: NavItem = { to: '/create-post', label: 'Create Post' };

/** What the user menu lists after the account pages; the mobile menu lists them too. */
export const LIBRARY_NAV: NavItem[] = [
  { to: '/drafts', label: 'Drafts' },
  { to: '/scheduled', label: 'Scheduled' },
  { to: '/saved', label: 'Saved' },
  { to: '/notes', label: 'My notes' },
  { to: '/groups', label: 'Groups' },
];

/** The signed-in user's own pages, offered by both the user menu and the mobile menu. */
export function accountNav({ id, isModerator }: { id: number; isModerator: boolean }): NavItem[] {
  return [
    { to: `/profile/${id}`, label: 'Your Profile' },
    { to: '/notifications', label: 'Notifications' },
    { to: '/settings', label: 'Settings' },
    // Moderators (ADMIN_EMAILS) reach the reports queue from here.
    ...(isModerator ? [{ to: '/moderation', label: 'Moderation' }] : []),
  ];
}
