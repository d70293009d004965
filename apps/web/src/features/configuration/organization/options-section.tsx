import { SimpleGrid, Switch } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Section } from './section';
import type { OrganizationForm } from './use-organization-form';

/** The options switched on or off per group (web calls, numbers, voice queue, sign-in rules). */
const GROUPED_OPTIONS = [
  ['twilio', 'webCallsEnabled'],
  ['twilio', 'hasMultipleNumbers'],
  ['voiceQueue', 'enabled'],
  ['voiceQueue', 'notification'],
  ['auth', 'disallowLoginOutsideWorkHours'],
  ['auth', 'disallowUserLoginOutsideOffice'],
] as const;

/** The organisation's options, each a switch with its explanation. */
export function OptionsSection({ form }: { form: OrganizationForm }) {
  const intl = useIntl();
  const { draft, canEdit } = form;
  return (
    <Section title={<FormattedMessage id="configuration.organization.options" />}>
      <SimpleGrid cols={2} spacing="md" verticalSpacing="lg">
        {GROUPED_OPTIONS.map(([group, key]) => (
          <Switch
            key={`${group}.${key}`}
            label={intl.formatMessage({ id: `configuration.organization.option.${group}.${key}` })}
            description={intl.formatMessage({
              id: `configuration.organization.option.${group}.${key}.help`,
            })}
            checked={(draft.options[group] as Record<string, boolean>)[key]}
            disabled={!canEdit}
            onChange={(e) => form.setOption(group, key as never, e.currentTarget.checked)}
          />
        ))}
        <Switch
          label={intl.formatMessage({
            id: 'configuration.organization.option.endOlderSessionOnNewSignIn',
          })}
          description={intl.formatMessage({
            id: 'configuration.organization.option.endOlderSessionOnNewSignIn.help',
          })}
          checked={draft.options.endOlderSessionOnNewSignIn}
          disabled={!canEdit}
          onChange={(e) =>
            form.set('options', { ...draft.options, endOlderSessionOnNewSignIn: e.currentTarget.checked })
          }
        />
      </SimpleGrid>
    </Section>
  );
}
