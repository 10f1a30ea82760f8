import {
  IconChartBar,
  IconCreditCard,
  IconFolders,
  IconHome,
  IconTemplate,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { type Role, sendsNdas } from '@shared/permissions';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** Other paths that show this item as the current one. */
  alsoActiveOn?: string[];
  /** An area of the sending side: not shown to signers. */
  sendersOnly?: boolean;
}

/** The signed-in top navigation, in the spec's order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', to: '/account', icon: IconHome, alsoActiveOn: ['/home'] },
  { label: 'Projects', to: '/projects', icon: IconFolders, alsoActiveOn: ['/add-project'] },
  { label: 'Templates', to: '/templates', icon: IconTemplate, sendersOnly: true },
  { label: 'My Network', to: '/users', icon: IconUsers, sendersOnly: true },
  { label: 'Plan', to: '/plan', icon: IconCreditCard, sendersOnly: true, alsoActiveOn: ['/checkout', '/invoices'] },
  { label: 'Reports', to: '/reports', icon: IconChartBar, alsoActiveOn: ['/dashboard'], sendersOnly: true },
];

/** The items a user's role may use: a signer has their account and the projects sent to them. */
export function navItemsFor(role: Role): NavItem[] {
  return sendsNdas(role) ? NAV_ITEMS : NAV_ITEMS.filter((item) => !item.sendersOnly);
}
