import { SUPPORTED_LOCALES } from '@accueil/domain';
import { SimpleGrid, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { LogoField } from './logo-field';
import { Section } from './section';
import type { OrganizationForm } from './use-organization-form';

/** The organisation's logo and its name in each interface language (French required). */
export function IdentitySection({ form }: { form: OrganizationForm }) {
  const intl = useIntl();
  const { draft, canEdit } = form;
  return (
    <Section title={<FormattedMessage id="configuration.organization.identity" />}>
      <LogoField settings={form.settings} canEdit={canEdit} onChange={form.logoChanged} />
      <SimpleGrid type="container" cols={{ base: 1, '600px': 3 }} spacing="md">
        {SUPPORTED_LOCALES.map((l) => (
          <TextInput
            key={l}
            label={intl.formatMessage({ id: `configuration.organization.name.${l}` })}
            required={l === 'fr-CA'}
            value={draft.names[l] ?? ''}
            disabled={!canEdit}
            maxLength={120}
            error={form.issue(`names.${l}`)}
            onChange={(e) => form.set('names', { ...draft.names, [l]: e.currentTarget.value })}
          />
        ))}
      </SimpleGrid>
    </Section>
  );
}
