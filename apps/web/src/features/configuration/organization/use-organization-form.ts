import {
  SUPPORTED_LOCALES,
  updateOrganizationRequestSchema,
  type OrganizationOptions,
  type OrganizationSettings,
  type UpdateOrganizationRequest,
} from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { get, type FieldError, type FieldErrors, type PathValue } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { applyServerError, requestCheckedSchema, useZodForm } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAbility } from '../../../lib/use-ability';
import { issueMessageId } from '../field-issues';
import { securityKeys } from '../security/api';
import { fetchServices, organizationKeys, saveOrganizationSettings } from './api';
import { draftOf, KNOWN_ISSUES, maxCharsOf, type Draft } from './organization-draft';

/** The form's values pass when the domain's `updateOrganizationRequestSchema` takes them; sent as they are. */
const organizationFormSchema = requestCheckedSchema<Draft>(updateOrganizationRequestSchema);

/** The dotted path of the first issue among the expertises (the list's own, or one item's), if any. */
function expertiseIssuePath(errors: FieldErrors<Draft>): string | undefined {
  const list = errors.expertises;
  if (!list) return undefined;
  if (list.message) return 'expertises';
  const items: readonly (FieldError | undefined)[] = Array.isArray(list) ? list : [];
  const index = items.findIndex((e) => Boolean(e?.message));
  return index >= 0 ? `expertises.${index}` : 'expertises';
}

/**
 * The Organisation tab's form, on `useZodForm`: the saved settings (the logo changes them at
 * once), the draft being edited (checked by the domain's schema on every change; a server's
 * refusal stays under the field it names until that field changes), the sector's services, and
 * `submit`. `issue(path)` is a field's localised error text; `canEdit` says whether the user may
 * change anything; `valid` whether the draft may be saved.
 */
export function useOrganizationForm(initial: OrganizationSettings) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const canEdit = useAbility('configuration.edit');
  const [settings, setSettings] = useState(initial);
  const form = useZodForm<Draft>(organizationFormSchema, {
    mode: 'onChange',
    defaultValues: draftOf(initial),
  });
  const draft = form.watch();
  const errors = form.formState.errors;
  const services = useQuery({
    queryKey: organizationKeys.services(draft.sector ?? 'other'),
    queryFn: ({ signal }) => fetchServices(draft.sector!, signal),
    enabled: draft.sector !== null,
  });

  const issue = (path: string) => {
    const found: unknown = get(errors, path);
    const code = (found as FieldError | undefined)?.message;
    return code
      ? intl.formatMessage(
          { id: issueMessageId('configuration.organization', code, KNOWN_ISSUES) },
          { max: maxCharsOf(path) },
        )
      : undefined;
  };

  /** Changes one setting; checking it again clears the server's refusal of it. */
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    form.setValue(key, value as PathValue<Draft, K>, { shouldDirty: true, shouldValidate: true });
  const setOption = <G extends 'twilio' | 'voiceQueue' | 'auth'>(
    group: G,
    key: keyof OrganizationOptions[G],
    value: boolean,
  ) => set('options', { ...draft.options, [group]: { ...draft.options[group], [key]: value } });

  const save = useMutation({
    mutationFn: (payload: UpdateOrganizationRequest) => saveOrganizationSettings(payload),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationKeys.settings(saved.id), saved);
      setSettings(saved);
      // "Office only" is the Security tab's enabled mode: its list shows the mode it set.
      void queryClient.invalidateQueries({ queryKey: securityKeys.machines });
      notifySuccess(intl.formatMessage({ id: 'configuration.organization.saved' }));
    },
    onError: (error) => notifyError(error),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      form.reset(draftOf(await save.mutateAsync({ ...values })));
    } catch (error) {
      applyServerError(form.setError, error, {
        fields: [
          ...(Object.keys(values) as (keyof Draft)[]),
          ...SUPPORTED_LOCALES.map((l) => `names.${l}` as const),
          ...values.expertises.map((_, i) => `expertises.${i}` as const),
        ],
      });
    }
  });

  /** The logo was changed (it saves at once): the settings and their cached copy follow. */
  const logoChanged = (s: OrganizationSettings) => {
    setSettings(s);
    queryClient.setQueryData(organizationKeys.settings(s.id), s);
  };

  return {
    canEdit,
    settings,
    logoChanged,
    draft,
    set,
    setOption,
    issue,
    expertiseIssue: expertiseIssuePath(errors),
    services,
    valid: form.formState.isValid,
    submit,
    saving: form.formState.isSubmitting,
  };
}

/** What {@link useOrganizationForm} returns, which each section of the tab reads. */
export type OrganizationForm = ReturnType<typeof useOrganizationForm>;
