import {
  SECTORS,
  SUPPORTED_COUNTRIES,
  SUPPORTED_LOCALES,
  updateOrganizationRequestSchema,
  type OrganizationOptions,
  type OrganizationSettings,
  type UpdateOrganizationRequest,
} from '@accueil/domain';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useAbility } from '../../../lib/use-ability';
import { issueMessageId, issuesOfApiError, issuesOfZod, type FieldIssues } from '../field-issues';
import { fetchOrganizationSettings, fetchServices, organizationKeys, saveOrganizationSettings } from './api';
import { securityKeys } from '../security/api';
import { LogoField } from './logo-field';
import { draftOf, KNOWN_ISSUES, maxCharsOf, timeZones, type Draft } from './organization-draft';
import classes from './organization.module.css';
import { Section } from './section';

function SettingsForm({ initial }: { initial: OrganizationSettings }) {
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
  const locale = intl.locale as (typeof SUPPORTED_LOCALES)[number];
  const countryNames = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region' }), [intl.locale]);
  const zones = useMemo(() => timeZones(draft.timeZone), [draft.timeZone]);

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

  const text = (
    key: 'website' | 'phone' | 'email' | 'address',
    extra: { type?: string; autoComplete?: string; placeholder?: string } = {},
  ) => (
    <TextInput
      label={intl.formatMessage({ id: `configuration.organization.${key}` })}
      value={draft[key] ?? ''}
      disabled={!canEdit}
      error={issue(key)}
      onChange={(e) => set(key, e.currentTarget.value)}
      {...extra}
    />
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) save.mutate();
      }}
    >
      <Stack gap="lg" className={classes.form}>
        {!canEdit && (
          <Alert color="blue" variant="light">
            <FormattedMessage id="configuration.organization.readOnly" />
          </Alert>
        )}
        <Section title={<FormattedMessage id="configuration.organization.identity" />}>
          <LogoField
            settings={settings}
            canEdit={canEdit}
            onChange={(s) => {
              setSettings(s);
              queryClient.setQueryData(organizationKeys.settings(s.id), s);
            }}
          />
          <SimpleGrid type="container" cols={{ base: 1, '600px': 3 }} spacing="md">
            {SUPPORTED_LOCALES.map((l) => (
              <TextInput
                key={l}
                label={intl.formatMessage({ id: `configuration.organization.name.${l}` })}
                required={l === 'fr-CA'}
                value={draft.names[l] ?? ''}
                disabled={!canEdit}
                maxLength={120}
                error={issue(`names.${l}`)}
                onChange={(e) => set('names', { ...draft.names, [l]: e.currentTarget.value })}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Section title={<FormattedMessage id="configuration.organization.contact" />}>
          <SimpleGrid cols={2} spacing="md">
            {text('website', { placeholder: 'www.clinique.ca', autoComplete: 'url' })}
            {text('email', { type: 'email', autoComplete: 'email' })}
            {text('phone', { type: 'tel', autoComplete: 'tel', placeholder: '888-888-8888' })}
            {text('address', { autoComplete: 'street-address' })}
          </SimpleGrid>
        </Section>

        <Section title={<FormattedMessage id="configuration.organization.activity" />}>
          <SimpleGrid cols={2} spacing="md">
            <Select
              label={intl.formatMessage({ id: 'configuration.organization.sector' })}
              placeholder={intl.formatMessage({ id: 'configuration.organization.sectorPlaceholder' })}
              data={SECTORS.map((s) => ({
                value: s,
                label: intl.formatMessage({ id: `configuration.organization.sector.${s}` }),
              }))}
              value={draft.sector}
              disabled={!canEdit}
              clearable
              onChange={(v) => set('sector', v ?? null)}
            />
            <TagsInput
              label={intl.formatMessage({ id: 'configuration.organization.expertises' })}
              description={intl.formatMessage({ id: 'configuration.organization.expertisesHelp' })}
              value={draft.expertises}
              disabled={!canEdit}
              maxTags={30}
              error={
                expertiseIssue &&
                (issue(expertiseIssue) ??
                  intl.formatMessage({ id: 'configuration.organization.issue.invalid' }))
              }
              onChange={(v) => set('expertises', v)}
            />
          </SimpleGrid>
          {draft.sector !== null && (
            <Checkbox.Group
              label={intl.formatMessage({ id: 'configuration.organization.services' })}
              value={draft.services}
              onChange={(v) => set('services', v)}
              error={issue('services')}
            >
              {services.isPending ? (
                <Loader size="xs" mt="xs" />
              ) : (
                <SimpleGrid type="container" cols={{ base: 2, '600px': 3 }} spacing="xs" mt="xs">
                  {(services.data ?? []).map((s) => (
                    <Checkbox
                      key={s.id}
                      value={s.id}
                      label={s.labels[locale] ?? s.labels['fr-CA']}
                      disabled={!canEdit}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Checkbox.Group>
          )}
        </Section>

        <Section title={<FormattedMessage id="configuration.organization.region" />}>
          <SimpleGrid type="container" cols={{ base: 1, '600px': 3 }} spacing="md">
            <Select
              label={intl.formatMessage({ id: 'configuration.organization.country' })}
              data={SUPPORTED_COUNTRIES.map((c) => ({ value: c, label: countryNames.of(c) ?? c })).sort(
                (a, b) => a.label.localeCompare(b.label, intl.locale),
              )}
              value={draft.country}
              disabled={!canEdit}
              allowDeselect={false}
              searchable
              onChange={(v) => v && set('country', v)}
            />
            <Select
              label={intl.formatMessage({ id: 'configuration.organization.timeZone' })}
              description={intl.formatMessage({ id: 'configuration.organization.timeZoneHelp' })}
              data={zones}
              value={draft.timeZone}
              disabled={!canEdit}
              allowDeselect={false}
              searchable
              limit={50}
              error={issue('timeZone')}
              onChange={(v) => v && set('timeZone', v)}
            />
            <Select
              label={intl.formatMessage({ id: 'configuration.organization.locale' })}
              description={intl.formatMessage({ id: 'configuration.organization.localeHelp' })}
              data={SUPPORTED_LOCALES.map((l) => ({
                value: l,
                label: intl.formatMessage({ id: `configuration.organization.locale.${l}` }),
              }))}
              value={draft.locale}
              disabled={!canEdit}
              allowDeselect={false}
              onChange={(v) => v && set('locale', v)}
            />
          </SimpleGrid>
        </Section>

        <Section title={<FormattedMessage id="configuration.organization.options" />}>
          <SimpleGrid cols={2} spacing="md" verticalSpacing="lg">
            {(
              [
                ['twilio', 'webCallsEnabled'],
                ['twilio', 'hasMultipleNumbers'],
                ['voiceQueue', 'enabled'],
                ['voiceQueue', 'notification'],
                ['auth', 'disallowLoginOutsideWorkHours'],
                ['auth', 'disallowUserLoginOutsideOffice'],
              ] as const
            ).map(([group, key]) => (
              <Switch
                key={`${group}.${key}`}
                label={intl.formatMessage({ id: `configuration.organization.option.${group}.${key}` })}
                description={intl.formatMessage({
                  id: `configuration.organization.option.${group}.${key}.help`,
                })}
                checked={(draft.options[group] as Record<string, boolean>)[key]}
                disabled={!canEdit}
                onChange={(e) => setOption(group, key as never, e.currentTarget.checked)}
              />
            ))}
            <Switch
              label={intl.formatMessage({
                id: 'configuration.organization.option.endOlderSessionOnNewSignIn',
              })}
              description={intl.formatMessage({
                id: 'configuration.organization.option.endOlderSessionOnNewSignIn.help',
              })}
              checked={draft.options.endOlderSessionOnNewSignIn}
              disabled={!canEdit}
              onChange={(e) =>
                set('options', { ...draft.options, endOlderSessionOnNewSignIn: e.currentTarget.checked })
              }
            />
          </SimpleGrid>
        </Section>

        {canEdit && (
          <Group justify="space-between" className={classes.saveBar}>
            <Text
              size="sm"
              c={parsed.success ? 'dimmed' : 'red.8'}
              role={parsed.success ? undefined : 'alert'}
            >
              {!parsed.success && <FormattedMessage id="configuration.organization.fixErrors" />}
            </Text>
            <Button type="submit" loading={save.isPending} disabled={!parsed.success}>
              <FormattedMessage id="common.save" />
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * The Organisation tab of the configuration screen: names per locale, logo, contact details,
 * sector and services, expertises, country, time zone, language and options
 * (docs/behaviour/organization-settings.md). Administrators edit; others read.
 */
export default function OrganizationTab() {
  const { context } = useSession();
  const id = context?.organization.id ?? '';
  const query = useQuery({
    queryKey: organizationKeys.settings(id),
    queryFn: ({ signal }) => fetchOrganizationSettings(id, signal),
    enabled: !!id,
  });
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          <FormattedMessage id="configuration.organization.title" />
        </Title>
        <Text c="dimmed" size="sm">
          <FormattedMessage id="configuration.organization.intro" />
        </Text>
      </Stack>
      {query.isPending ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <Alert
          color="red"
          variant="light"
          title={<FormattedMessage id="configuration.organization.loadFailed" />}
        >
          <Button variant="light" color="red" size="compact-sm" onClick={() => void query.refetch()}>
            <FormattedMessage id="common.retry" />
          </Button>
        </Alert>
      ) : (
        <SettingsForm key={query.data.id} initial={query.data} />
      )}
    </Stack>
  );
}
