import {
  availabilityCategoryInputSchema,
  type AvailabilityCategory,
  type AvailabilityCategoryInput,
  type AvailabilityRange,
} from '@accueil/domain';
import { ActionIcon, Button, ColorInput, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { agendaKeys, saveCategory } from './api';
import { WEEK_ORDER, weekdayName } from './weekdays';

/** Colours offered for a category (Mantine's shade 7, readable under white text). */
export const CATEGORY_SWATCHES = [
  '#1c7ed6',
  '#2f9e44',
  '#e8590c',
  '#ae3ec9',
  '#c2255c',
  '#0c8599',
  '#5f3dc4',
  '#66a80f',
];

/**
 * The dialog that adds or edits an availability category: label, colour and one or more
 * weekly time ranges. The server refuses overlapping ranges and ranges outside the opening
 * hours; the ranges it names are marked.
 */
export function CategoryForm({
  professionalId,
  category,
  onClose,
}: {
  professionalId: string;
  category: AvailabilityCategory | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `availabilities.${id}` });
  const [values, setValues] = useState<AvailabilityCategoryInput>(
    category
      ? { label: category.label, colour: category.colour, ranges: category.ranges }
      : { label: '', colour: CATEGORY_SWATCHES[0]!, ranges: [{ day: 1, start: '09:00', end: '12:00' }] },
  );
  const [showErrors, setShowErrors] = useState(false);
  const [flagged, setFlagged] = useState<number[]>([]);
  const queryClient = useQueryClient();
  const parsed = availabilityCategoryInputSchema.safeParse(values);
  const issueAt = (path: (string | number)[]) =>
    showErrors && !parsed.success && parsed.error.issues.some((i) => path.every((p, n) => i.path[n] === p));
  const save = useMutation({
    mutationFn: () =>
      saveCategory(
        category ? { id: category.id } : { professionalId },
        availabilityCategoryInputSchema.parse(values),
      ),
    onSuccess: async () => {
      notifySuccess(t(category ? 'updated' : 'created'));
      await queryClient.invalidateQueries({ queryKey: agendaKeys.all });
      onClose();
    },
    onError: (error) => {
      const ranges =
        error instanceof ApiError ? (error.details as { ranges?: number[] } | undefined)?.ranges : undefined;
      setFlagged(ranges ?? []);
      notifyError(error);
    },
  });
  const setRange = (index: number, change: Partial<AvailabilityRange>) =>
    setValues((v) => ({ ...v, ranges: v.ranges.map((r, i) => (i === index ? { ...r, ...change } : r)) }));

  return (
    <Modal opened onClose={onClose} title={t(category ? 'editTitle' : 'addTitle')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setShowErrors(true);
          if (parsed.success) save.mutate();
        }}
      >
        <Stack>
          <Group grow align="flex-start">
            <TextInput
              required
              data-autofocus
              label={t('label')}
              value={values.label}
              error={issueAt(['label']) ? t('required') : undefined}
              onChange={(e) => setValues((v) => ({ ...v, label: e.currentTarget.value }))}
            />
            <ColorInput
              required
              label={t('colour')}
              format="hex"
              swatches={CATEGORY_SWATCHES}
              swatchesPerRow={8}
              value={values.colour}
              error={issueAt(['colour']) ? t('colourInvalid') : undefined}
              onChange={(colour) => setValues((v) => ({ ...v, colour }))}
            />
          </Group>
          <Text fw={600} size="sm">
            {t('ranges')}
          </Text>
          {values.ranges.length === 0 && (
            <Text c="red.8" size="sm">
              {t('rangeRequired')}
            </Text>
          )}
          {values.ranges.map((r, i) => {
            const rowLabel = `${t('range')} ${i + 1}`;
            const bad = flagged.includes(i) || issueAt(['ranges', i]);
            return (
              <Group
                key={i}
                align="flex-end"
                wrap="nowrap"
                data-testid="availability-range"
                data-invalid={bad || undefined}
              >
                <Select
                  label={t('day')}
                  aria-label={`${rowLabel} — ${t('day')}`}
                  data={WEEK_ORDER.map((d) => ({ value: String(d), label: weekdayName(d, intl.locale) }))}
                  value={String(r.day)}
                  allowDeselect={false}
                  onChange={(d) => setRange(i, { day: Number(d) })}
                  error={bad ? true : undefined}
                  w={180}
                />
                <TimeInput
                  label={t('start')}
                  aria-label={`${rowLabel} — ${t('start')}`}
                  value={r.start}
                  onChange={(e) => setRange(i, { start: e.currentTarget.value })}
                  error={bad ? true : undefined}
                />
                <TimeInput
                  label={t('end')}
                  aria-label={`${rowLabel} — ${t('end')}`}
                  value={r.end}
                  onChange={(e) => setRange(i, { end: e.currentTarget.value })}
                  error={bad ? true : undefined}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={`${t('removeRange')} ${i + 1}`}
                  onClick={() => setValues((v) => ({ ...v, ranges: v.ranges.filter((_, n) => n !== i) }))}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            );
          })}
          {showErrors &&
            !parsed.success &&
            parsed.error.issues.some((i) => i.path[0] === 'ranges') &&
            values.ranges.length > 0 && (
              <Text c="red.8" size="sm">
                {t('rangeInvalid')}
              </Text>
            )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() =>
                setValues((v) => ({
                  ...v,
                  ranges: [...v.ranges, { ...(v.ranges.at(-1) ?? { day: 1, start: '09:00', end: '12:00' }) }],
                }))
              }
            >
              {t('addRange')}
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
