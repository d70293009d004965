import { SimpleGrid, TextInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Section } from './section';
import type { OrganizationForm } from './use-organization-form';

/** The organisation's website, e-mail, phone and address. */
export function ContactSection({ form }: { form: OrganizationForm }) {
  const intl = useIntl();
  const text = (
    key: 'website' | 'phone' | 'email' | 'address',
    extra: { type?: string; autoComplete?: string; placeholder?: string } = {},
  ) => (
    <TextInput
      label={intl.formatMessage({ id: `configuration.organization.${key}` })}
      value={form.draft[key] ?? ''}
      disabled={!form.canEdit}
      error={form.issue(key)}
      onChange={(e) => form.set(key, e.currentTarget.value)}
      {...extra}
    />
  );
  return (
    <Section title={<FormattedMessage id="configuration.organization.contact" />}>
      <SimpleGrid cols={2} spacing="md">
        {text('website', { placeholder: 'www.clinique.ca', autoComplete: 'url' })}
        {text('email', { type: 'email', autoComplete: 'email' })}
        {text('phone', { type: 'tel', autoComplete: 'tel', placeholder: '888-888-8888' })}
        {text('address', { autoComplete: 'street-address' })}
      </SimpleGrid>
    </Section>
  );
}
