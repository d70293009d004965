import { APP_VERSION } from '@accueil/domain';
import { Avatar, NavLink, Text, VisuallyHidden } from '@mantine/core';
import {
  IconAddressBook,
  IconClockHour4,
  IconBooks,
  IconExternalLink,
  IconHelpCircle,
  IconLifebuoy,
  IconLogout,
  IconMessageReport,
  IconMessages,
  IconMessageBolt,
  IconQuestionMark,
  IconSettings,
  IconTerminal2,
  IconTag,
  type Icon,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { Wordmark } from '../../components/wordmark';
import { useSession } from '../../lib/session';
import { useAbility } from '../../lib/use-ability';
import { openLogoutDialog } from '../dialogs/logout-dialog';
import { openReportProblemDialog } from '../dialogs/report-problem-dialog';
import { ConnectionIndicator } from './connection-indicator';
import { LanguageMenu } from './language-menu';
import { PresenceMenu } from './presence-menu';
import classes from './shell.module.css';
import { TeamSwitcher } from './team-switcher';

interface MenuEntry {
  to: string;
  /** Path prefix that marks the entry active. */
  match: string;
  labelId: string;
  icon: Icon;
}

// Shown only to the organisations on the configured list: loaded after the shell, off the inbox's first load.
const ConsultationsMenuEntry = lazy(() => import('../../features/library/consultations-menu-entry'));
// Shown when a support line is configured: its query and the calls' store load after the shell.
const SupportCallEntry = lazy(() => import('../../features/help/support-call-entry'));

/** Top of the side menu. */
export const TOP_ENTRIES: MenuEntry[] = [
  { to: '/conversations', match: '/conversations', labelId: 'shell.menu.conversations', icon: IconMessages },
  { to: '/text-bloc', match: '/text-', labelId: 'shell.menu.quickAnswers', icon: IconMessageBolt },
  { to: '/material/2', match: '/material', labelId: 'shell.menu.libraries', icon: IconBooks },
  { to: '/contacts', match: '/contacts', labelId: 'shell.menu.contacts', icon: IconAddressBook },
  {
    to: '/scheduled-messages',
    match: '/scheduled-messages',
    labelId: 'shell.menu.scheduledMessages',
    icon: IconClockHour4,
  },
  { to: '/configuration', match: '/configuration', labelId: 'shell.menu.configuration', icon: IconSettings },
  { to: '/faq', match: '/faq', labelId: 'shell.menu.faq', icon: IconQuestionMark },
];

/**
 * Navigation side menu: the sections on top; at the bottom devops (devops users only),
 * the help submenu, the version (→ /release-notes, hidden for France), the interface
 * language, the user's presence, the connection state, the signed-in person and logout with a confirmation.
 */
export function SideMenu() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { context } = useSession();
  const [helpOpen, setHelpOpen] = useState(false);
  const seesDevops = useAbility('devops.view');
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const isActive = (match: string) =>
    pathname === match || pathname.startsWith(match.endsWith('-') ? match : `${match}/`);
  const user = context?.user;
  const initials = user ? `${user.name.first[0] ?? ''}${user.name.last[0] ?? ''}`.toUpperCase() : '';

  return (
    <nav className={classes.nav} aria-label={t('shell.menu.label')}>
      <div className={classes.brand}>
        <Wordmark size={30} />
      </div>
      <TeamSwitcher />
      <div className={classes.links}>
        {TOP_ENTRIES.map(({ to, match, labelId, icon: Icon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={t(labelId)}
            leftSection={<Icon size={19} stroke={1.7} />}
            active={isActive(match)}
            className={classes.link}
            variant="light"
          />
        ))}
        <Suspense fallback={null}>
          <ConsultationsMenuEntry className={classes.link} active={isActive('/consultations')} />
        </Suspense>
      </div>
      <div className={classes.bottom}>
        {seesDevops && (
          <NavLink
            component={Link}
            to="/devops"
            label={t('shell.menu.devops')}
            leftSection={<IconTerminal2 size={19} stroke={1.7} />}
            active={isActive('/devops')}
            className={classes.link}
          />
        )}
        {/* Buttons, not Mantine's default <a> without href: reachable with the keyboard. */}
        <NavLink
          component="button"
          label={t('shell.menu.help')}
          leftSection={<IconHelpCircle size={19} stroke={1.7} />}
          className={classes.link}
          childrenOffset={16}
          opened={helpOpen}
          onChange={setHelpOpen}
          aria-expanded={helpOpen}
        >
          <NavLink
            component="a"
            href={`/faq?lang=${intl.locale}`}
            target="_blank"
            rel="noopener"
            label={t('shell.menu.helpCentre')}
            leftSection={<IconLifebuoy size={16} />}
            rightSection={<IconExternalLink size={13} />}
          />
          <NavLink
            component="button"
            label={t('shell.menu.reportProblem')}
            leftSection={<IconMessageReport size={16} />}
            onClick={openReportProblemDialog}
          />
          <Suspense fallback={null}>
            <SupportCallEntry />
          </Suspense>
        </NavLink>
        {context?.organization.country !== 'FR' && (
          <NavLink
            component={Link}
            to="/release-notes"
            label={t('shell.menu.version', { version: APP_VERSION })}
            leftSection={<IconTag size={19} stroke={1.7} />}
            active={isActive('/release-notes')}
            className={classes.link}
          />
        )}
        <LanguageMenu />
        <PresenceMenu />
        <ConnectionIndicator />
        {user && (
          // The person's own settings: their name opens the personalisation page.
          <Link
            to="/personnalisation"
            className={classes.user}
            aria-current={isActive('/personnalisation') ? 'page' : undefined}
          >
            <Avatar color="brand" radius="xl" size={34} aria-hidden>
              {initials}
            </Avatar>
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} truncate>
                {user.name.first} {user.name.last}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {context.organization.name}
              </Text>
              {/* Named by what it shows, then where it leads. */}
              <VisuallyHidden>{t('shell.menu.personalization')}</VisuallyHidden>
            </div>
          </Link>
        )}
        <NavLink
          component="button"
          label={t('shell.menu.logout')}
          leftSection={<IconLogout size={19} stroke={1.7} />}
          className={classes.link}
          onClick={() => openLogoutDialog(() => void navigate('/login', { replace: true }))}
          data-testid="logout"
        />
      </div>
    </nav>
  );
}
