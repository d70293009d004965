import type { SessionAction } from '@accueil/domain';
import {
  IconBuildingStore,
  IconChartBar,
  IconClock,
  IconMail,
  IconPhoneCall,
  IconRobot,
  IconShieldCheck,
  IconShieldLock,
  IconTag,
  IconTrash,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One tab of the configuration screen (`/configuration?configTab=<key>&tab=<sub-tab>`).
 * - `key`: the `configTab` value that selects it (a slug; its 1-based position works too).
 * - `labelId`: the message id of its label (in the tab's own locale namespace file).
 * - `ability`: shown only when the session has it (the server enforces the rule on every route
 *   the tab calls; hiding is a convenience). Omitted: every signed-in user sees the tab.
 * - `component`: the tab's content, loaded on demand so the screen stays light.
 */
export interface ConfigurationTab {
  key: string;
  labelId: string;
  icon: Icon;
  ability?: SessionAction;
  component: LazyExoticComponent<ComponentType>;
}

/**
 * The configuration tabs, in the order they are shown. Add a tab with one entry here and its
 * content in a folder of its own (`features/configuration/<tab>/`), imported with `lazy()`.
 */
export const CONFIGURATION_TABS: ConfigurationTab[] = [
  {
    key: 'teams',
    labelId: 'teamsUsers.tab.teams',
    icon: IconUsersGroup,
    component: lazy(() => import('./teams/teams-tab')),
  },
  {
    key: 'users',
    labelId: 'teamsUsers.tab.users',
    icon: IconUsers,
    ability: 'configuration.edit',
    component: lazy(() => import('./users/users-tab')),
  },
  {
    key: 'organization',
    labelId: 'configuration.organization.tab',
    icon: IconBuildingStore,
    ability: 'configuration.edit',
    component: lazy(() => import('./organization/organization-tab')),
  },
  {
    key: 'schedules',
    labelId: 'configuration.schedules.tab',
    icon: IconClock,
    ability: 'configuration.edit',
    component: lazy(() => import('./schedules/schedules-tab')),
  },
  {
    key: 'phones',
    labelId: 'phones.tab',
    icon: IconPhoneCall,
    ability: 'configuration.edit',
    component: lazy(() => import('./phones/phones-tab')),
  },
  {
    key: 'labels',
    labelId: 'labels.tab',
    icon: IconTag,
    ability: 'configuration.edit',
    component: lazy(() => import('./labels/labels-tab')),
  },
  {
    key: 'email',
    labelId: 'email.settings.tab',
    icon: IconMail,
    ability: 'configuration.edit',
    component: lazy(() => import('./email/email-tab')),
  },
  {
    key: 'automations',
    labelId: 'automations.tab',
    icon: IconRobot,
    component: lazy(() => import('./automations/automations-tab')),
  },
  {
    key: 'statistics',
    labelId: 'statistics.tab',
    icon: IconChartBar,
    ability: 'configuration.edit',
    component: lazy(() => import('./statistics/statistics-tab')),
  },
  {
    key: 'security',
    labelId: 'security.tab',
    icon: IconShieldLock,
    component: lazy(() => import('./security/security-tab').then((m) => ({ default: m.SecurityTab }))),
  },
  {
    key: 'audit',
    labelId: 'audit.tab',
    icon: IconShieldCheck,
    ability: 'configuration.edit',
    component: lazy(() => import('./audit/audit-log-tab')),
  },
  {
    key: 'deleted-conversations',
    labelId: 'deletedConversations.tab',
    icon: IconTrash,
    ability: 'conversation.restore',
    component: lazy(() =>
      import('./deleted-conversations/deleted-conversations-tab').then((m) => ({
        default: m.DeletedConversationsTab,
      })),
    ),
  },
];
