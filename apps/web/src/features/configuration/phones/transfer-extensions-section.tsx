import {
  formatPhoneDisplay,
  normalizeOutboundPhone,
  TRANSFER_NAME_MAX_CHARS,
  transferExtensionRequestSchema,
  type Country,
  type TransferExtension,
  type TransferExtensionRequest,
} from '@accueil/domain';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { ConfigList, confirmDelete, EmptyList } from '../../../lib/config-kit';
import { applyServerError, useZodForm } from '../../../lib/forms';
import { issuesOfZod, type FieldIssues } from '../field-issues';
import { phoneIssueText } from './phone-issues';
import { Section } from './section';
import { useTransferExtensionMutations, useTransferExtensions } from './use-phones';

/** The transfer extension form's fields, as typed (an empty extension is none). */
type Draft = { name: string; phoneNumber: string; extension: string };
const EMPTY: Draft = { name: '', phoneNumber: '', extension: '' };

/**
 * The transfer extension form's schema: the fields as typed, read as the server reads them (the
 * domain's `transferExtensionRequestSchema`, an empty extension as none), then the number read in
 * the organisation's country (`phone-invalid`, as the server answers it). Its output is the request.
 */
export function transferFormSchema(country: Country): z.ZodType<TransferExtensionRequest, Draft> {
  return z
    .object({ name: z.string(), phoneNumber: z.string(), extension: z.string() })
    .transform((d): z.input<typeof transferExtensionRequestSchema> => ({
      ...d,
      extension: d.extension.trim() || null,
    }))
    .pipe(
      transferExtensionRequestSchema.superRefine((request, ctx) => {
        if (request.phoneNumber && !normalizeOutboundPhone(request.phoneNumber, country))
          ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'phone-invalid' });
      }),
    );
}

/** The field issues of a transfer extension draft, as the server judges it ({@link transferFormSchema}). */
export function transferDraftIssues(draft: Draft, country: Country): FieldIssues {
  const parsed = transferFormSchema(country).safeParse(draft);
  return parsed.success ? {} : issuesOfZod(parsed.error);
}

/**
 * Transfer extensions: the numbers (and 0 to 3 digits of extension) the call panel can transfer
 * to, and the form that adds one or changes the one being edited. A refusal is a toast and, when
 * it names a field (`validation-failed`, `phone-invalid`), that field's message.
 */
export function TransferExtensionsSection({ country }: { country: Country }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `phones.${id}` }, values);
  const list = useTransferExtensions();
  const { save, remove } = useTransferExtensionMutations();
  const [editing, setEditing] = useState<string | null>(null);
  const schema = useMemo(() => transferFormSchema(country), [country]);
  const form = useZodForm<Draft, TransferExtensionRequest>(schema, { defaultValues: EMPTY });
  const errors = form.formState.errors;
  const reset = () => {
    form.reset(EMPTY);
    setEditing(null);
  };
  const edit = (row: TransferExtension) => {
    setEditing(row.id);
    form.reset({ name: row.name, phoneNumber: row.phoneNumber, extension: row.extension ?? '' });
  };
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: editing, body });
      reset();
    } catch (error) {
      applyServerError(form.setError, error, {
        fields: ['name', 'phoneNumber', 'extension'],
        codes: { 'phone-invalid': 'phoneNumber' },
      });
    }
  });
  const rows = list.data ?? [];
  return (
    <Section id="phones-transfers" title={t('transfers.title')} intro={t('transfers.intro')}>
      <ConfigList
        label={t('transfers.title')}
        rows={rows}
        rowKey={(row) => row.id}
        empty={<EmptyList>{t('transfers.none')}</EmptyList>}
        columns={[
          { key: 'name', header: t('transfers.name'), render: (row) => row.name },
          {
            key: 'phone',
            header: t('transfers.phone'),
            render: (row) => formatPhoneDisplay(row.phoneNumber),
          },
          { key: 'extension', header: t('transfers.extension'), render: (row) => row.extension ?? '—' },
        ]}
        onEdit={edit}
        onDelete={(row) =>
          void confirmDelete({
            titleId: 'phones.transfers.deleteTitle',
            bodyId: 'phones.transfers.confirmDelete',
            confirmId: 'phones.transfers.delete',
            values: { name: row.name },
          }).then((ok) => ok && remove.mutate(row.id))
        }
        editLabel={(row) => t('transfers.edit', { name: row.name })}
        deleteLabel={(row) => t('transfers.remove', { name: row.name })}
      />

      <form
        noValidate
        aria-label={t(editing ? 'transfers.editForm' : 'transfers.addForm')}
        onSubmit={(e) => void submit(e)}
      >
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('transfers.name')}
              required
              maxLength={TRANSFER_NAME_MAX_CHARS}
              error={phoneIssueText(intl, errors.name?.message, { max: TRANSFER_NAME_MAX_CHARS })}
              {...form.register('name')}
              w={240}
            />
            <TextInput
              label={t('transfers.phone')}
              required
              type="tel"
              placeholder="888-888-8888"
              error={phoneIssueText(intl, errors.phoneNumber?.message)}
              {...form.register('phoneNumber')}
              w={200}
            />
            <TextInput
              label={t('transfers.extensionField')}
              inputMode="numeric"
              error={phoneIssueText(intl, errors.extension?.message)}
              {...form.register('extension')}
              w={160}
            />
          </Group>
          <Group gap="xs">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t(editing ? 'transfers.save' : 'transfers.add')}
            </Button>
            {editing && (
              <Button variant="default" onClick={reset}>
                {t('cancel')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
