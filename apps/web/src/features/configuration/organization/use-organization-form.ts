import {
  updateOrganizationRequestSchema,
  type OrganizationOptions,
  type OrganizationSettings,
  type UpdateOrganizationRequest,
} from '@accueil/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAbility } from '../../../lib/use-ability';
import { issueMessageId, issuesOfApiError, issuesOfZod, type FieldIssues } from '../field-issues';
import { securityKeys } from '../security/api';
import { fetchServices, organizationKeys, saveOrganizationSettings } from './api';
import { draftOf, KNOWN_ISSUES, maxCharsOf, type Draft } from './organization-draft';

/**
 * The Organisation tab's form state: the saved settings (the logo changes them at once), the
 * draft being edited, its issues (the domain's schema checked on every change, plus the
 * server's refusal until the field it names changes), the sector's services, and `save`.
 * `issue(path)` is a field's localised error text; `canEdit` says whether the user may change anything.
 */
export function useOrganizationForm(initial: OrganizationSettings) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const canEdit = useAbility('configuration.edit');
  const [settings, setSettings] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const services = useQuery({
    queryKey: organizationKeys.services(draft.sector ?? 'other'),
    queryFn: ({ signal }) => fetchServices(draft.sector!, signal),
    enabled: draft.sector !== null,
  });

  const payload: UpdateOrganizationRequest = { ...draft };
  const parsed = updateOrganizationRequestSchema.safeParse(payload);
  const issues = { ...serverIssues, ...(parsed.success ? {} : issuesOfZod(parsed.error)) };
  const issue = (path: string) =>
    issues[path]
      ? intl.formatMessage(
          { id: issueMessageId('configuration.organization', issues[path], KNOWN_ISSUES) },
          { max: maxCharsOf(path) },
        )
      : undefined;
  const expertiseIssue = Object.keys(issues).find((p) => p.startsWith('expertises'));

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerIssues((s) =>
      Object.fromEntries(
        Object.entries(s).filter(([path]) => path !== key && !path.startsWith(`${String(key)}.`)),
      ),
    );
  };
  const setOption = <G extends 'twilio' | 'voiceQueue' | 'auth'>(
    group: G,
    key: keyof OrganizationOptions[G],
    value: boolean,
  ) => set('options', { ...draft.options, [group]: { ...draft.options[group], [key]: value } });

  const save = useMutation({
    mutationFn: () => saveOrganizationSettings(payload),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationKeys.settings(saved.id), saved);
      setSettings(saved);
      setDraft(draftOf(saved));
      setServerIssues({});
      // "Office only" is the Security tab's enabled mode: its list shows the mode it set.
      void queryClient.invalidateQueries({ queryKey: securityKeys.machines });
      notifySuccess(intl.formatMessage({ id: 'configuration.organization.saved' }));
    },
    onError: (error) => {
      setServerIssues(issuesOfApiError(error));
      notifyError(error);
    },
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
    expertiseIssue,
    services,
    valid: parsed.success,
    submit: () => {
      if (parsed.success) save.mutate();
    },
    saving: save.isPending,
  };
}

/** What {@link useOrganizationForm} returns, which each section of the tab reads. */
export type OrganizationForm = ReturnType<typeof useOrganizationForm>;
