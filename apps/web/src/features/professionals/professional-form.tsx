import { professionalInputSchema, type Professional, type ProfessionalInput } from '@accueil/domain';
import { MultiSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { EditDialog } from '../../lib/config-kit';
import { applyServerError, FormError, useZodForm } from '../../lib/forms';
import { languageName, SPOKEN_LANGUAGES } from '../../lib/spoken-languages';
import { useSaveProfessional } from './use-professionals';

const EMPTY: ProfessionalInput = {
  firstName: '',
  lastName: '',
  profession: '',
  expertise: '',
  yearsOfExperience: 0,
  languages: [],
};

/** The form's fields, which are the server's paths of a `validation-failed` refusal. */
const FIELDS = [
  'firstName',
  'lastName',
  'profession',
  'expertise',
  'yearsOfExperience',
  'languages',
] as const;

/** The editable fields of `p`, as the form starts with them. */
function inputOf(p: Professional): ProfessionalInput {
  const { firstName, lastName, profession, expertise, yearsOfExperience, languages } = p;
  return { firstName, lastName, profession, expertise, yearsOfExperience, languages };
}

/**
 * The dialog that adds or edits a professional: names, profession, expertise, years of
 * experience and languages (profession, expertise and one language at least are required),
 * checked with the domain's `professionalInputSchema`; a refusal shows above the buttons.
 */
export function ProfessionalForm({
  professional,
  opened,
  onClose,
}: {
  professional: Professional | null;
  opened: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `professionals.${id}` });
  // Only the input's fields: the schema is strict, and a professional's id and fullname would fail it.
  const form = useZodForm(professionalInputSchema, {
    defaultValues: professional ? inputOf(professional) : EMPTY,
  });
  const save = useSaveProfessional(professional);
  const errors = form.formState.errors;
  const required = (field: keyof ProfessionalInput) => (errors[field] ? t('required') : undefined);
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (error) {
      applyServerError(form.setError, error, { fields: FIELDS });
    }
  });

  return (
    <EditDialog
      opened={opened}
      onClose={onClose}
      title={t(professional ? 'editTitle' : 'addTitle')}
      size="lg"
      onSubmit={submit}
      submitting={form.formState.isSubmitting}
      error={<FormError errors={errors} />}
    >
      <SimpleGrid cols={2}>
        <TextInput
          required
          label={t('firstName')}
          {...form.register('firstName')}
          error={required('firstName')}
          data-autofocus
        />
        <TextInput
          required
          label={t('lastName')}
          {...form.register('lastName')}
          error={required('lastName')}
        />
        <TextInput
          required
          label={t('profession')}
          {...form.register('profession')}
          error={required('profession')}
        />
        <TextInput
          required
          label={t('expertise')}
          {...form.register('expertise')}
          error={required('expertise')}
        />
        <Controller
          control={form.control}
          name="yearsOfExperience"
          render={({ field }) => (
            <NumberInput
              label={t('yearsOfExperience')}
              min={0}
              max={80}
              allowDecimal={false}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : 0)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="languages"
          render={({ field }) => (
            <MultiSelect
              required
              label={t('languages')}
              data={SPOKEN_LANGUAGES.map((code) => ({
                value: code,
                label: languageName(code, intl.locale),
              }))}
              value={field.value}
              error={required('languages')}
              onChange={field.onChange}
              searchable
            />
          )}
        />
      </SimpleGrid>
    </EditDialog>
  );
}
