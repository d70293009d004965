import type { OrganizationSettings } from '@accueil/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { ActivitySection } from './activity-section';
import { ContactSection } from './contact-section';
import { IdentitySection } from './identity-section';
import { OptionsSection } from './options-section';
import classes from './organization.module.css';
import { RegionSection } from './region-section';
import { useOrganizationForm } from './use-organization-form';

/**
 * The organisation's settings as one form of titled sections, saved together (the logo saves
 * at once); the save bar says when a field must be fixed first. Read-only without the right.
 */
export function SettingsForm({ initial }: { initial: OrganizationSettings }) {
  const form = useOrganizationForm(initial);
  return (
    <form onSubmit={(e) => void form.submit(e)} noValidate>
      <Stack gap="lg" className={classes.form}>
        {!form.canEdit && (
          <Alert color="blue" variant="light">
            <FormattedMessage id="configuration.organization.readOnly" />
          </Alert>
        )}
        <IdentitySection form={form} />
        <ContactSection form={form} />
        <ActivitySection form={form} />
        <RegionSection form={form} />
        <OptionsSection form={form} />
        {form.canEdit && (
          <Group justify="space-between" className={classes.saveBar}>
            <Text size="sm" c={form.valid ? 'dimmed' : 'red.8'} role={form.valid ? undefined : 'alert'}>
              {!form.valid && <FormattedMessage id="configuration.organization.fixErrors" />}
            </Text>
            <Button type="submit" loading={form.saving} disabled={!form.valid}>
              <FormattedMessage id="common.save" />
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
