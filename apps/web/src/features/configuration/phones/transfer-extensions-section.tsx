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
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { issuesOfApiError, issuesOfZod, type FieldIssues } from '../field-issues';
import { issueText } from './phone-issues';
import { PhonesTable } from './phones-table';
import { Section } from './section';
import { useTransferExtensionMutations, useTransferExtensions } from './use-phones';

type Draft = { name: string; phoneNumber: string; extension: string };
const EMPTY: Draft = { name: '', phoneNumber: '', extension: '' };

/**
 * The field issues of a transfer extension draft, as the server judges it: the request schema's
 * rules, then the number read in the organisation's country (`phone-invalid`).
 */
export function transferDraftIssues(draft: Draft, country: Country): FieldIssues {
  const request: TransferExtensionRequest = {
    name: draft.name,
    phoneNumber: draft.phoneNumber,
    extension: draft.extension.trim() || null,
  };
  const parsed = transferExtensionRequestSchema.safeParse(request);
  const issues = parsed.success ? {} : issuesOfZod(parsed.error);
  if (!issues.phoneNumber && draft.phoneNumber.trim() && !normalizeOutboundPhone(draft.phoneNumber, country))
    issues.phoneNumber = 'phone-invalid';
  return issues;
}

/** Transfer extensions: the numbers (and 0 to 3 digits of extension) the call panel can transfer to. */
export function TransferExtensionsSection({ country }: { country: Country }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `phones.${id}` }, values);
  const list = useTransferExtensions();
  const { save, remove } = useTransferExtensionMutations();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const localIssues = tried ? transferDraftIssues(draft, country) : {};
  const issues = { ...serverIssues, ...localIssues };
  const set = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerIssues((s) => Object.fromEntries(Object.entries(s).filter(([path]) => path !== key)));
  };
  const reset = () => {
    setDraft(EMPTY);
    setEditing(null);
    setTried(false);
    setServerIssues({});
  };

  const edit = (row: TransferExtension) => {
    setEditing(row.id);
    setDraft({ name: row.name, phoneNumber: row.phoneNumber, extension: row.extension ?? '' });
    setTried(false);
    setServerIssues({});
  };
  const rows = list.data ?? [];
  return (
    <Section id="phones-transfers" title={t('transfers.title')} intro={t('transfers.intro')}>
      <PhonesTable
        labelledBy="phones-transfers"
        rows={rows}
        empty={t('transfers.none')}
        columns={[
          { key: 'name', header: t('transfers.name'), cell: (row) => row.name },
          { key: 'phone', header: t('transfers.phone'), cell: (row) => formatPhoneDisplay(row.phoneNumber) },
          { key: 'extension', header: t('transfers.extension'), cell: (row) => row.extension ?? '—' },
        ]}
        actionsHeader={t('transfers.actions')}
        actions={[
          {
            key: 'edit',
            label: (row) => t('transfers.edit', { name: row.name }),
            icon: <IconPencil size={16} aria-hidden />,
            onClick: edit,
          },
          {
            key: 'remove',
            label: (row) => t('transfers.remove', { name: row.name }),
            icon: <IconTrash size={16} aria-hidden />,
            color: 'red',
            onClick: (row) => remove.mutate(row.id),
          },
        ]}
      />
      <form
        noValidate
        aria-label={t(editing ? 'transfers.editForm' : 'transfers.addForm')}
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (Object.keys(transferDraftIssues(draft, country)).length > 0) return;
          const body = {
            name: draft.name.trim(),
            phoneNumber: draft.phoneNumber.trim(),
            extension: draft.extension.trim() || null,
          };
          save.mutate(
            { id: editing, body },
            { onSuccess: reset, onError: (error) => setServerIssues(issuesOfApiError(error)) },
          );
        }}
      >
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('transfers.name')}
              required
              maxLength={TRANSFER_NAME_MAX_CHARS}
              value={draft.name}
              error={issueText(intl, issues, 'name', { max: TRANSFER_NAME_MAX_CHARS })}
              onChange={(e) => set('name', e.currentTarget.value)}
              w={240}
            />
            <TextInput
              label={t('transfers.phone')}
              required
              type="tel"
              placeholder="888-888-8888"
              value={draft.phoneNumber}
              error={issueText(intl, issues, 'phoneNumber')}
              onChange={(e) => set('phoneNumber', e.currentTarget.value)}
              w={200}
            />
            <TextInput
              label={t('transfers.extensionField')}
              inputMode="numeric"
              value={draft.extension}
              error={issueText(intl, issues, 'extension')}
              onChange={(e) => set('extension', e.currentTarget.value)}
              w={160}
            />
          </Group>
          <Group gap="xs">
            <Button type="submit" loading={save.isPending}>
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
