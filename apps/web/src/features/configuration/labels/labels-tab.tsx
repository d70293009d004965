import {
  LABEL_COLORS,
  LABEL_NAME_MAX_CHARS,
  LABELS_MAX_PER_ORGANIZATION,
  type Label,
  type LabelColor,
} from '@accueil/domain';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfigHeader, ConfigList, confirmDelete, EditDialog, useEditTarget } from '../../../lib/config-kit';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { conversationKeys } from '../../conversations/api';
import { createLabel, deleteLabel, updateLabel } from '../../labels/api';
import { LabelBadges } from '../../labels/label-badges';
import { useLabels } from '../../labels/use-labels';

/** The label being added or edited: its name and colour as typed. */
type Draft = { name: string; color: LabelColor };

/**
 * The add / edit dialog of a label: its name (1–40 characters) and its colour, each colour
 * named in the list (the colour is never the only cue).
 */
function LabelDialog({
  label,
  onClose,
}: {
  /** The label edited, or 'new'. */
  label: Label | 'new';
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    label === 'new' ? { name: '', color: 'blue' } : { name: label.name, color: label.color },
  );
  const save = useMutation({
    mutationFn: () =>
      label === 'new'
        ? createLabel({ name: draft.name, color: draft.color })
        : updateLabel(label.id, { name: draft.name, color: draft.color }),
    onSuccess: () => {
      notifySuccess(t(label === 'new' ? 'labels.config.created' : 'labels.config.saved'));
      // The labels, and the rows showing a renamed or recoloured one.
      void client.invalidateQueries({ queryKey: conversationKeys.all });
      onClose();
    },
    onError: (e) => notifyError(e, 'labels.config.error'),
  });
  return (
    <EditDialog
      title={t(label === 'new' ? 'labels.config.add' : 'labels.config.title')}
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.name.trim()) save.mutate();
      }}
      submitting={save.isPending}
      testId="label-dialog"
    >
      <Stack gap="sm">
        <TextInput
          label={t('labels.config.name')}
          required
          value={draft.name}
          maxLength={LABEL_NAME_MAX_CHARS}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          data-autofocus
          data-testid="label-name"
        />
        <Select
          label={t('labels.config.color')}
          value={draft.color}
          allowDeselect={false}
          onChange={(v) => v && setDraft({ ...draft, color: v })}
          data={LABEL_COLORS.map((c) => ({ value: c, label: t(`labels.color.${c}`) }))}
          data-testid="label-color"
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
    </EditDialog>
  );
}

/**
 * Configuration → Labels (docs/behaviour/labels.md): the organisation's labels, which its
 * administrators create, rename, recolour and delete (the server refuses anyone else).
 */
export default function LabelsTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const labels = useLabels().data;
  const editing = useEditTarget(labels);
  const remove = useMutation({
    mutationFn: (label: Label) => deleteLabel(label.id),
    onSuccess: () => {
      notifySuccess(t('labels.config.deleted'));
      void client.invalidateQueries({ queryKey: conversationKeys.all });
    },
    onError: (e) => notifyError(e, 'labels.config.error'),
  });
  const count = labels?.length ?? 0;
  return (
    <Stack gap="md" maw={720}>
      <ConfigHeader
        title={t('labels.config.title')}
        intro={t('labels.config.intro')}
        addLabel={t('labels.config.add')}
        onAdd={count < LABELS_MAX_PER_ORGANIZATION ? () => editing.open('new') : undefined}
        addTestId="label-add"
      />
      <Text size="xs" c="dimmed">
        {t('labels.config.count', { count, max: LABELS_MAX_PER_ORGANIZATION })}
      </Text>
      <ConfigList
        label={t('labels.config.title')}
        rows={labels ?? []}
        rowKey={(l) => l.id}
        columns={[
          {
            key: 'name',
            header: t('labels.config.name'),
            render: (l) => <LabelBadges labels={[l]} size="sm" />,
          },
        ]}
        empty={<Text size="sm">{t('labels.config.empty')}</Text>}
        onEdit={(l) => editing.open(l)}
        onDelete={(l) => {
          void confirmDelete({
            titleId: 'labels.config.title',
            bodyId: 'labels.config.deleteConfirm',
            confirmId: 'labels.config.deleteButton',
            values: { name: l.name },
          }).then((ok) => ok && remove.mutate(l));
        }}
        editLabel={(l) => t('labels.config.edit', { name: l.name })}
        deleteLabel={(l) => t('labels.config.delete', { name: l.name })}
        testId="labels-table"
        rowTestId="label-row"
      />
      {editing.current && <LabelDialog label={editing.current} onClose={editing.close} />}
    </Stack>
  );
}
