import { Layers, Mail, type IconComponent } from '../../components/icons';
import {
  Award,
  Briefcase,
  ChartColumn,
  FileText,
  Images,
  LayoutDashboard,
  Settings,
} from '../../components/admin/icons';
import { permissionsByRole, type Role } from '../../../shared/contracts/auth';

export const adminTabIds = [
  'overview',
  'blog',
  'portfolio',
  'contacts',
  'analytics',
  'certification',
  'content',
  'media',
  'settings',
] as const;
export type AdminTabId = (typeof adminTabIds)[number];

export interface AdminTab {
  id: AdminTabId;
  label: string;
  icon: IconComponent;
  description: string;
}

export const adminTabs: readonly AdminTab[] = [
  { id: 'overview', label: 'Overview', icon: LayoutDashboard, description: 'Key figures and recent activity' },
  { id: 'blog', label: 'Blog', icon: FileText, description: 'Posts, categories and comments' },
  { id: 'portfolio', label: 'Portfolio', icon: Briefcase, description: 'Projects and case studies' },
  { id: 'contacts', label: 'Contacts', icon: Mail, description: 'Contact requests and quotes' },
  { id: 'analytics', label: 'Analytics', icon: ChartColumn, description: 'Traffic and engagement' },
  { id: 'certification', label: 'Certification', icon: Award, description: 'Issued certificates' },
  {
    id: 'content',
    label: 'Content',
    icon: Layers,
    description: 'Company information and the landing page: services, team, pricing and more',
  },
  {
    id: 'media',
    label: 'Media',
    icon: Images,
    description: 'Uploaded images and files: find, describe, upload and clean up',
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: Settings,
    description: 'Account, password, e-mail preferences, app settings and users',
  },
];

/** A tab's subtitle for a role: Settings names users only for those who manage them (admins). */
export function tabDescription(tab: AdminTab, role: Role): string {
  if (tab.id === 'settings' && !permissionsByRole[role].includes('users')) {
    return 'Account, password, e-mail preferences and app settings';
  }
  return tab.description;
}

/** The tab a URL segment names: "dashboard" is an alias of overview; undefined for unknown tabs. */
export function resolveAdminTab(segment: string | undefined): AdminTab | undefined {
  const id = segment === undefined || segment === 'dashboard' ? 'overview' : segment;
  return adminTabs.find((tab) => tab.id === id);
}
