import {
  STATISTICS_RECIPIENT_EMAIL_MAX_CHARS,
  statisticsRecipientRequestSchema,
  type StatisticsRecipientRequest,
} from '@accueil/domain';
import { Button, Group, Loader, Stack, Tabs, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { ConfigHeader, ConfigList, confirmDelete, EmptyList, QueryState } from '../../../lib/config-kit';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../../lib/forms';
import { useConfigurationSubTab } from '../use-configuration-tab';
import { useStatisticsRecipientMutations, useStatisticsRecipients } from './use-statistics-recipients';

// The figures' screen and its charts load only when their sub-tab opens.
const StatisticsScreen = lazy(() => import('../../statistics/statistics-screen'));

/**
 * The statistics tab of `/configuration` (administrators): the figures (`tab=figures`, the
 * default: docs/behaviour/statistics.md, "The statistics screen") and the weekly report's
 * recipients (`tab=recipients`).
 */
export default function StatisticsTab() {
  const intl = useIntl();
  const [tab, setTab] = useConfigurationSubTab('figures');
  return (
    <Tabs value={tab} onChange={(next) => next && setTab(next)} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="figures">{intl.formatMessage({ id: 'statistics.tab.figures' })}</Tabs.Tab>
        <Tabs.Tab value="recipients">{intl.formatMessage({ id: 'statistics.tab.recipients' })}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="figures">
        <Suspense fallback={<Loader size="sm" aria-label={intl.formatMessage({ id: 'common.loading' })} />}>
          <StatisticsScreen />
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="recipients">
        <StatisticsRecipients />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * The recipients of the weekly report (organisation-setup-content.md §2), each address once (§5:
 * `email-taken` under the field).
 */
export function StatisticsRecipients() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `statistics.recipients.${id}` }, values);
  const errorText = useErrorText('statistics');
  const recipients = useStatisticsRecipients();
  const { add, remove } = useStatisticsRecipientMutations();
  const form = useZodForm<{ email: string }, StatisticsRecipientRequest>(statisticsRecipientRequestSchema, {
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      form.reset({ email: '' });
    } catch (error) {
      applyServerError(form.setError, error, { fields: ['email'], codes: { 'email-taken': 'email' } });
    }
  });
  return (
    <Stack gap="lg">
      <ConfigHeader title={t('title')} intro={t('intro')} />
      <QueryState query={recipients}>
        {(rows) => (
          <ConfigList
            label={t('title')}
            rows={rows}
            rowKey={(row) => row.id}
            empty={<EmptyList>{t('none')}</EmptyList>}
            columns={[{ key: 'email', header: t('email'), render: (row) => row.email }]}
            onDelete={(row) =>
              void confirmDelete({
                titleId: 'statistics.recipients.deleteTitle',
                bodyId: 'statistics.recipients.confirmDelete',
                confirmId: 'statistics.recipients.delete',
                values: { email: row.email },
              }).then((ok) => ok && remove.mutate(row.id))
            }
            deleteLabel={(row) => t('remove', { email: row.email })}
          />
        )}
      </QueryState>
      <form noValidate aria-label={t('addForm')} onSubmit={(e) => void submit(e)}>
        <Stack gap="sm">
          <FormError errors={form.formState.errors} />
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('email')}
              type="email"
              required
              maxLength={STATISTICS_RECIPIENT_EMAIL_MAX_CHARS}
              error={errorText(form.formState.errors.email?.message)}
              {...form.register('email')}
              w={320}
            />
            <Button type="submit" mt={24} loading={form.formState.isSubmitting}>
              {t('add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
