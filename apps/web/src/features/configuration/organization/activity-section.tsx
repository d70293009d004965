import { SECTORS, SUPPORTED_LOCALES } from '@accueil/domain';
import { Checkbox, Loader, Select, SimpleGrid, TagsInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Section } from './section';
import type { OrganizationForm } from './use-organization-form';

/** The sector, the expertises (free tags) and the sector's services offered. */
export function ActivitySection({ form }: { form: OrganizationForm }) {
  const intl = useIntl();
  const { draft, canEdit, services, expertiseIssue } = form;
  const locale = intl.locale as (typeof SUPPORTED_LOCALES)[number];
  return (
    <Section title={<FormattedMessage id="configuration.organization.activity" />}>
      <SimpleGrid cols={2} spacing="md">
        <Select
          label={intl.formatMessage({ id: 'configuration.organization.sector' })}
          placeholder={intl.formatMessage({ id: 'configuration.organization.sectorPlaceholder' })}
          data={SECTORS.map((s) => ({
            value: s,
            label: intl.formatMessage({ id: `configuration.organization.sector.${s}` }),
          }))}
          value={draft.sector}
          disabled={!canEdit}
          clearable
          onChange={(v) => form.set('sector', v ?? null)}
        />
        <TagsInput
          label={intl.formatMessage({ id: 'configuration.organization.expertises' })}
          description={intl.formatMessage({ id: 'configuration.organization.expertisesHelp' })}
          value={draft.expertises}
          disabled={!canEdit}
          maxTags={30}
          error={
            expertiseIssue &&
            (form.issue(expertiseIssue) ??
              intl.formatMessage({ id: 'configuration.organization.issue.invalid' }))
          }
          onChange={(v) => form.set('expertises', v)}
        />
      </SimpleGrid>
      {draft.sector !== null && (
        <Checkbox.Group
          label={intl.formatMessage({ id: 'configuration.organization.services' })}
          value={draft.services}
          onChange={(v) => form.set('services', v)}
          error={form.issue('services')}
        >
          {services.isPending ? (
            <Loader size="xs" mt="xs" />
          ) : (
            <SimpleGrid type="container" cols={{ base: 2, '600px': 3 }} spacing="xs" mt="xs">
              {(services.data ?? []).map((s) => (
                <Checkbox
                  key={s.id}
                  value={s.id}
                  label={s.labels[locale] ?? s.labels['fr-CA']}
                  disabled={!canEdit}
                />
              ))}
            </SimpleGrid>
          )}
        </Checkbox.Group>
      )}
    </Section>
  );
}
