import { Bell, BookOpen, House, type LucideIcon, UserRound, Users } from 'lucide-react';

export type NavKey = 'activity' | 'courses' | 'students' | 'notifications' | 'profile';

export interface NavItem {
  key: NavKey;
  to: string;
  icon: LucideIcon;
  /** Other paths under which this item is the highlighted one (spec 2). */
  alsoActiveFor: string[];
}

/** The five destinations of the sidebar and the bottom bar, in the spec's order. */
export const navItems: NavItem[] = [
  { key: 'activity', to: '/activity', icon: House, alsoActiveFor: ['/posts'] },
  { key: 'courses', to: '/courses', icon: BookOpen, alsoActiveFor: [] },
  { key: 'students', to: '/students', icon: Users, alsoActiveFor: [] },
  { key: 'notifications', to: '/notifications', icon: Bell, alsoActiveFor: [] },
  {
    key: 'profile',
    to: '/profile',
    icon: UserRound,
    alsoActiveFor: ['/user-management', '/admin-tools', '/instructors', '/dashboard'],
  },
];

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Which item to highlight for a path, or null (e.g. /privacy, an unknown path). */
export function activeNavKey(pathname: string): NavKey | null {
  for (const item of navItems) {
    if ([item.to, ...item.alsoActiveFor].some((base) => isUnder(pathname, base))) return item.key;
  }
  return null;
}
