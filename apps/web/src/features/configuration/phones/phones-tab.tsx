import { Loader, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ConfigHeader } from '../../../lib/config-kit';
import { useSession } from '../../../lib/session';
import { useOrganizationSettings } from '../organization/use-organization';
import { useTeams } from '../teams/use-teams-users';
import { usePhoneSettings } from './use-phones';
import { CallsSection } from './calls-section';
import { GreetingsSection } from './greetings-section';
import { LinesSection } from './lines-section';
import { TransferExtensionsSection } from './transfer-extensions-section';

/**
 * The Phones tab of the configuration screen (administrators; the server refuses others):
 * incoming and web calls and the queue, voicemail greetings per period, transfer extensions,
 * parked lines, SIP domain and users (docs/behaviour/calls.md, "Phones settings"). Its title is
 * the tab's heading (level 2), above the sections' (level 3), as the other tabs have theirs.
 */
export default function PhonesTab() {
  const intl = useIntl();
  const organizationId = useSession().context?.organization.id ?? '';
  const phone = usePhoneSettings();
  const organization = useOrganizationSettings(organizationId);
  const teams = useTeams();
  if (!phone.data || !organization.data || !teams.data) return <Loader size="sm" />;
  return (
    <Stack gap="lg" maw={1040}>
      <ConfigHeader title={intl.formatMessage({ id: 'phones.tab' })} />
      <CallsSection phone={phone.data} organization={organization.data} teams={teams.data} />
      <GreetingsSection teams={teams.data} />
      <TransferExtensionsSection country={organization.data.country} />
      <LinesSection phone={phone.data} />
    </Stack>
  );
}
