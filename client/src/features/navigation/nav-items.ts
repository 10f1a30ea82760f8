import {
  IconChartBar,
  IconCreditCard,
  IconFolders,
  IconHome,
  IconTemplate,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Other paths that show this item as the current one. */
  alsoActiveOn?: string[];
}

/** The signed-in top navigation, in the spec's order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', to: '/account', icon: IconHome, alsoActiveOn: ['/home'] },
  { label: 'Projects', to: '/projects', icon: IconFolders, alsoActiveOn: ['/add-project'] },
  { label: 'Templates', to: '/templates', icon: IconTemplate },
  { label: 'My Network', to: '/users', icon: IconUsers },
  { label: 'Plan', to: '/plan', icon: IconCreditCard },
  { label: 'Reports', to: '/reports', icon: IconChartBar },
];
