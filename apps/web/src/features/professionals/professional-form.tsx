import { professionalInputSchema, type Professional, type ProfessionalInput } from '@accueil/domain';
import { Button, Group, Modal, MultiSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../lib/notify';
import { agendaKeys, saveProfessional } from './api';
import { languageName, PROFESSIONAL_LANGUAGES } from './languages';

const EMPTY: ProfessionalInput = {
  firstName: '',
  lastName: '',
  profession: '',
  expertise: '',
  yearsOfExperience: 0,
  languages: [],
};

/** The editable fields of `p`, as the form starts with them. */
function inputOf(p: Professional): ProfessionalInput {
  const { firstName, lastName, profession, expertise, yearsOfExperience, languages } = p;
  return { firstName, lastName, profession, expertise, yearsOfExperience, languages };
}

/**
 * The dialog that adds or edits a professional: names, profession, expertise, years of
 * experience and languages (profession, expertise and one language at least are required).
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
  const [values, setValues] = useState<ProfessionalInput>(professional ? inputOf(professional) : EMPTY);
  const [showErrors, setShowErrors] = useState(false);
  const queryClient = useQueryClient();
  const parsed = professionalInputSchema.safeParse(values);
  const invalid = (field: keyof ProfessionalInput) =>
    showErrors && !parsed.success && parsed.error.issues.some((i) => i.path[0] === field)
      ? t('required')
      : undefined;
  const save = useMutation({
    mutationFn: () => saveProfessional(professional?.id ?? null, professionalInputSchema.parse(values)),
    onSuccess: async () => {
      notifySuccess(t(professional ? 'updated' : 'created'));
      await queryClient.invalidateQueries({ queryKey: agendaKeys.all });
      onClose();
    },
    onError: (error) => notifyError(error),
  });
  const set = <K extends keyof ProfessionalInput>(key: K, value: ProfessionalInput[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  return (
    <Modal opened={opened} onClose={onClose} title={t(professional ? 'editTitle' : 'addTitle')} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setShowErrors(true);
          if (parsed.success) save.mutate();
        }}
      >
        <Stack>
          <SimpleGrid cols={2}>
            <TextInput
              required
              label={t('firstName')}
              value={values.firstName}
              error={invalid('firstName')}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              required
              label={t('lastName')}
              value={values.lastName}
              error={invalid('lastName')}
              onChange={(e) => set('lastName', e.currentTarget.value)}
            />
            <TextInput
              required
              label={t('profession')}
              value={values.profession}
              error={invalid('profession')}
              onChange={(e) => set('profession', e.currentTarget.value)}
            />
            <TextInput
              required
              label={t('expertise')}
              value={values.expertise}
              error={invalid('expertise')}
              onChange={(e) => set('expertise', e.currentTarget.value)}
            />
            <NumberInput
              label={t('yearsOfExperience')}
              min={0}
              max={80}
              allowDecimal={false}
              value={values.yearsOfExperience}
              onChange={(v) => set('yearsOfExperience', typeof v === 'number' ? v : 0)}
            />
            <MultiSelect
              required
              label={t('languages')}
              data={PROFESSIONAL_LANGUAGES.map((code) => ({
                value: code,
                label: languageName(code, intl.locale),
              }))}
              value={values.languages}
              error={invalid('languages')}
              onChange={(v) => set('languages', v)}
              searchable
            />
          </SimpleGrid>
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
