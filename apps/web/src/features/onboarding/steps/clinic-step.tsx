import { SUPPORTED_COUNTRIES, SUPPORTED_LOCALES, type Locale } from '@accueil/domain';
import { MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { LOCALE_NAMES } from '../../../lib/i18n';
import { COUNTRY_TIME_ZONES, type OnboardingDraft } from '../onboarding-draft';
import { SECTOR_IDS, useServices } from '../services';
import { type StepProps, errorOf } from './step-props';

/** Step 2: the clinic — names, language, country, sector, services, time zone. */
export function ClinicStep({ draft, change, issues }: StepProps) {
  const intl = useIntl();
  const clinic = draft.clinic;
  const set = (patch: Partial<OnboardingDraft['clinic']>) =>
    change({ ...draft, clinic: { ...clinic, ...patch } });
  const regions = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region' }), [intl.locale]);
  const countries = SUPPORTED_COUNTRIES.map((c) => ({ value: c, label: regions.of(c) ?? c })).sort((a, b) =>
    a.label.localeCompare(b.label, intl.locale),
  );
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const services = useServices(clinic.sector, intl.locale as Locale);
  return (
    <Stack gap="md">
      <SimpleGrid cols={3} spacing="md">
        {SUPPORTED_LOCALES.map((locale) => (
          <TextInput
            key={locale}
            label={intl.formatMessage({ id: `onboarding.clinic.name.${locale}` })}
            value={clinic.name[locale]}
            onChange={(e) => set({ name: { ...clinic.name, [locale]: e.currentTarget.value } })}
            required={locale === clinic.locale}
            error={errorOf(intl, issues, `clinic.name.${locale}`)}
            maxLength={60}
            data-testid={`clinic-name-${locale}`}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="md">
        <Select
          label={intl.formatMessage({ id: 'onboarding.clinic.locale' })}
          data={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          value={clinic.locale}
          onChange={(v) => v && set({ locale: v })}
          allowDeselect={false}
          required
        />
        <Select
          label={intl.formatMessage({ id: 'onboarding.clinic.country' })}
          data={countries}
          value={clinic.country}
          onChange={(v) => v && set({ country: v, timeZone: COUNTRY_TIME_ZONES[v] ?? clinic.timeZone })}
          allowDeselect={false}
          searchable
          required
          error={errorOf(intl, issues, 'clinic.country')}
          data-testid="clinic-country"
        />
        <Select
          label={intl.formatMessage({ id: 'onboarding.clinic.sector' })}
          placeholder={intl.formatMessage({ id: 'onboarding.clinic.sectorPlaceholder' })}
          data={SECTOR_IDS.map((s) => ({
            value: s,
            label: intl.formatMessage({ id: `onboarding.sector.${s}` }),
          }))}
          value={clinic.sector || null}
          onChange={(v) => set({ sector: v ?? '', services: [] })}
          required
          error={errorOf(intl, issues, 'clinic.sector')}
          data-testid="clinic-sector"
        />
        <Select
          label={intl.formatMessage({ id: 'onboarding.clinic.timeZone' })}
          data={zones}
          value={clinic.timeZone}
          onChange={(v) => v && set({ timeZone: v })}
          allowDeselect={false}
          searchable
          required
          limit={50}
          error={errorOf(intl, issues, 'clinic.timeZone')}
        />
      </SimpleGrid>
      <MultiSelect
        label={intl.formatMessage({ id: 'onboarding.clinic.services' })}
        description={intl.formatMessage({
          id: clinic.sector ? 'onboarding.clinic.servicesHint' : 'onboarding.clinic.servicesNoSector',
        })}
        data={services}
        value={clinic.services}
        onChange={(v) => set({ services: v })}
        disabled={!clinic.sector || services.length === 0}
        searchable
        clearable
      />
    </Stack>
  );
}
