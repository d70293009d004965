import { VOICEMAIL_KINDS, type TeamConfig } from '@accueil/domain';
import { Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { GreetingCard } from './greeting-card';
import { Section } from './section';
import { useGreetings } from './use-phones';

const ORGANIZATION = 'organization';

/**
 * Voicemail greetings per period (open, closed, break, vacation), for the whole organisation or
 * one team (a team without its own follows the organisation's). Each is on or off (off: no
 * voicemail in that period) and comes from an uploaded file, a text spoken by speech synthesis
 * (with a preview), or a recording made here.
 */
export function GreetingsSection({ teams }: { teams: readonly TeamConfig[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `phones.${id}` });
  const greetings = useGreetings();
  const [scope, setScope] = useState<string>(ORGANIZATION);
  const teamId = scope === ORGANIZATION ? null : scope;
  const rows = greetings.data ?? [];
  return (
    <Section id="phones-greetings" title={t('greetings.title')} intro={t('greetings.intro')}>
      <Select
        label={t('greetings.scope')}
        value={scope}
        allowDeselect={false}
        onChange={(v) => v && setScope(v)}
        data={[
          { value: ORGANIZATION, label: t('greetings.wholeOrganization') },
          ...teams.map((team) => ({ value: team.id, label: team.label })),
        ]}
        w={360}
      />
      {greetings.isSuccess && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {VOICEMAIL_KINDS.map((kind) => (
            <GreetingCard
              key={`${scope}-${kind}`}
              kind={kind}
              teamId={teamId}
              own={rows.find((g) => g.kind === kind && g.teamId === teamId) ?? null}
              organization={rows.find((g) => g.kind === kind && g.teamId === null) ?? null}
            />
          ))}
        </SimpleGrid>
      )}
    </Section>
  );
}
