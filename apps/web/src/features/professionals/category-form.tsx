import {
  availabilityCategoryInputSchema,
  type AvailabilityCategory,
  type AvailabilityCategoryInput,
} from '@accueil/domain';
import { ActionIcon, Button, ColorInput, Group, Select, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { ApiError } from '../../lib/api';
import { EditDialog } from '../../lib/config-kit';
import { applyServerError, FormError, useZodForm } from '../../lib/forms';
import { useSaveCategory } from './use-professionals';
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

const FIRST_RANGE = { day: 1, start: '09:00', end: '12:00' };

/** The indexes of the ranges a refusal names (`details.ranges` of `availability-overlap`/`-outside-hours`). */
export function rangesOf(error: unknown): number[] {
  const details = error instanceof ApiError ? (error.details as { ranges?: unknown } | undefined) : undefined;
  return Array.isArray(details?.ranges)
    ? details.ranges.filter((n): n is number => typeof n === 'number')
    : [];
}

/**
 * The dialog that adds or edits an availability category: label, colour and one or more
 * weekly time ranges, checked with the domain's `availabilityCategoryInputSchema`. The server
 * refuses overlapping ranges and ranges outside the opening hours; the ranges it names are
 * marked and its message shows above the buttons.
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
  const form = useZodForm<AvailabilityCategoryInput>(availabilityCategoryInputSchema, {
    defaultValues: category
      ? { label: category.label, colour: category.colour, ranges: category.ranges }
      : { label: '', colour: CATEGORY_SWATCHES[0]!, ranges: [FIRST_RANGE] },
  });
  const ranges = useFieldArray({ control: form.control, name: 'ranges' });
  const save = useSaveCategory(professionalId, category);
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (error) {
      // The ranges a refusal names are marked (its message is the form's, above the buttons).
      for (const i of rangesOf(error)) form.setError(`ranges.${i}`, { type: 'server' });
      applyServerError(form.setError, error, { fields: ['label', 'colour'] });
    }
  });

  return (
    <EditDialog
      onClose={onClose}
      title={t(category ? 'editTitle' : 'addTitle')}
      size="lg"
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      error={<FormError errors={errors} />}
    >
      <Group grow align="flex-start">
        <TextInput
          required
          data-autofocus
          label={t('label')}
          {...form.register('label')}
          error={errors.label ? t('required') : undefined}
        />
        <Controller
          control={form.control}
          name="colour"
          render={({ field }) => (
            <ColorInput
              required
              label={t('colour')}
              format="hex"
              swatches={CATEGORY_SWATCHES}
              swatchesPerRow={8}
              value={field.value}
              onBlur={field.onBlur}
              error={errors.colour ? t('colourInvalid') : undefined}
              onChange={field.onChange}
            />
          )}
        />
      </Group>
      <Text fw={600} size="sm">
        {t('ranges')}
      </Text>
      {ranges.fields.length === 0 && (
        <Text c="red.8" size="sm">
          {t('rangeRequired')}
        </Text>
      )}
      {ranges.fields.map((r, i) => {
        const rowLabel = `${t('range')} ${i + 1}`;
        const bad = Boolean(errors.ranges?.[i]);
        return (
          <Group
            key={r.id}
            align="flex-end"
            wrap="nowrap"
            data-testid="availability-range"
            data-invalid={bad || undefined}
          >
            <Controller
              control={form.control}
              name={`ranges.${i}.day`}
              render={({ field }) => (
                <Select
                  label={t('day')}
                  aria-label={`${rowLabel} — ${t('day')}`}
                  data={WEEK_ORDER.map((d) => ({ value: String(d), label: weekdayName(d, intl.locale) }))}
                  value={String(field.value)}
                  allowDeselect={false}
                  onChange={(d) => field.onChange(Number(d))}
                  error={bad ? true : undefined}
                  w={180}
                />
              )}
            />
            <TimeInput
              label={t('start')}
              aria-label={`${rowLabel} — ${t('start')}`}
              {...form.register(`ranges.${i}.start`)}
              error={bad ? true : undefined}
            />
            <TimeInput
              label={t('end')}
              aria-label={`${rowLabel} — ${t('end')}`}
              {...form.register(`ranges.${i}.end`)}
              error={bad ? true : undefined}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              mb={2}
              aria-label={`${t('removeRange')} ${i + 1}`}
              onClick={() => ranges.remove(i)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        );
      })}
      {errors.ranges && ranges.fields.length > 0 && (
        <Text c="red.8" size="sm">
          {t('rangeInvalid')}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => ranges.append({ ...(form.getValues('ranges').at(-1) ?? FIRST_RANGE) })}
        >
          {t('addRange')}
        </Button>
      </Group>
    </EditDialog>
  );
}
