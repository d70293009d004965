import { SUPPORTED_COUNTRIES, SUPPORTED_LOCALES } from '@accueil/domain';
import { Select, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { timeZones } from './organization-draft';
import { Section } from './section';
import type { OrganizationForm } from './use-organization-form';

/** The country (names in the interface's language), the time zone and the organisation's language. */
export function RegionSection({ form }: { form: OrganizationForm }) {
  const intl = useIntl();
  const { draft, canEdit } = form;
  const countryNames = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region' }), [intl.locale]);
  const zones = useMemo(() => timeZones(draft.timeZone), [draft.timeZone]);
  return (
    <Section title={<FormattedMessage id="configuration.organization.region" />}>
      <SimpleGrid type="container" cols={{ base: 1, '600px': 3 }} spacing="md">
        <Select
          label={intl.formatMessage({ id: 'configuration.organization.country' })}
          data={SUPPORTED_COUNTRIES.map((c) => ({ value: c, label: countryNames.of(c) ?? c })).sort((a, b) =>
            a.label.localeCompare(b.label, intl.locale),
          )}
          value={draft.country}
          disabled={!canEdit}
          allowDeselect={false}
          searchable
          onChange={(v) => v && form.set('country', v)}
        />
        <Select
          label={intl.formatMessage({ id: 'configuration.organization.timeZone' })}
          description={intl.formatMessage({ id: 'configuration.organization.timeZoneHelp' })}
          data={zones}
          value={draft.timeZone}
          disabled={!canEdit}
          allowDeselect={false}
          searchable
          limit={50}
          error={form.issue('timeZone')}
          onChange={(v) => v && form.set('timeZone', v)}
        />
        <Select
          label={intl.formatMessage({ id: 'configuration.organization.locale' })}
          description={intl.formatMessage({ id: 'configuration.organization.localeHelp' })}
          data={SUPPORTED_LOCALES.map((l) => ({
            value: l,
            label: intl.formatMessage({ id: `configuration.organization.locale.${l}` }),
          }))}
          value={draft.locale}
          disabled={!canEdit}
          allowDeselect={false}
          onChange={(v) => v && form.set('locale', v)}
        />
      </SimpleGrid>
    </Section>
  );
}
