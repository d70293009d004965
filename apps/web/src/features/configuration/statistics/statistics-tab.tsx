import {
  STATISTICS_RECIPIENT_EMAIL_MAX_CHARS,
  statisticsRecipientRequestSchema,
  type StatisticsRecipientRequest,
} from '@accueil/domain';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useIntl } from 'react-intl';
import { ConfigHeader, ConfigList, confirmDelete, EmptyList, QueryState } from '../../../lib/config-kit';
import { applyServerError, FormError, useErrorText, useZodForm } from '../../../lib/forms';
import { useStatisticsRecipientMutations, useStatisticsRecipients } from './use-statistics-recipients';

/**
 * The statistics tab of `/configuration` (administrators): the recipients of the weekly report
 * (organisation-setup-content.md §2), each address once (§5: `email-taken` under the field).
 */
export default function StatisticsTab() {
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
