import { SUPPORTED_COUNTRIES, SUPPORTED_LOCALES, type Locale } from '@accueil/domain';
import { ActionIcon, Button, Checkbox, Group, MultiSelect, PasswordInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { LOCALE_NAMES } from '../../lib/i18n';
import { COUNTRY_TIME_ZONES, emptyUser, issueAt, type DraftIssue, type OnboardingDraft } from './onboarding-draft';
import { SECTOR_IDS, useServices } from './services';
import classes from './onboarding.module.css';

/** What every step receives: the draft, a way to change it, and the problems to show. */
export type StepProps = { draft: OnboardingDraft; change: (next: OnboardingDraft) => void; issues: DraftIssue[] };

function errorOf(intl: IntlShape, issues: DraftIssue[], path: string): string | undefined {
  const issue = issueAt(issues, path);
  return issue ? intl.formatMessage({ id: issue.messageId }, issue.values) : undefined;
}

/** Step 1: the invitation code devops gave the clinic. */
export function CodeStep({ draft, change, issues, serverError }: StepProps & { serverError: string | null }) {
  const intl = useIntl();
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed"><FormattedMessage id="onboarding.code.intro" /></Text>
      <TextInput
        label={intl.formatMessage({ id: 'onboarding.code.label' })}
        description={intl.formatMessage({ id: 'onboarding.code.hint' })}
        value={draft.invitationCode}
        onChange={(e) => change({ ...draft, invitationCode: e.currentTarget.value })}
        error={serverError ?? errorOf(intl, issues, 'invitationCode')}
        required
        autoFocus
        autoComplete="off"
        classNames={{ input: classes.codeInput }}
        data-testid="invitation-code"
      />
    </Stack>
  );
}

/** Step 2: the clinic — names, language, country, sector, services, time zone. */
export function ClinicStep({ draft, change, issues }: StepProps) {
  const intl = useIntl();
  const clinic = draft.clinic;
  const set = (patch: Partial<OnboardingDraft['clinic']>) => change({ ...draft, clinic: { ...clinic, ...patch } });
  const regions = useMemo(() => new Intl.DisplayNames([intl.locale], { type: 'region' }), [intl.locale]);
  const countries = SUPPORTED_COUNTRIES.map((c) => ({ value: c, label: regions.of(c) ?? c })).sort((a, b) => a.label.localeCompare(b.label, intl.locale));
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const services = useServices(clinic.sector, intl.locale as Locale);
  return (
    <Stack gap="md">
      <SimpleGrid cols={3} spacing="md">
        {SUPPORTED_LOCALES.map((locale) => (
          <TextInput
            key={locale}
            label={intl.formatMessage({ id: `onboarding.clinic.name.${locale}` })}
            value={clinic.name[locale]}
            onChange={(e) => set({ name: { ...clinic.name, [locale]: e.currentTarget.value } })}
            required={locale === clinic.locale}
            error={errorOf(intl, issues, `clinic.name.${locale}`)}
            maxLength={60}
            data-testid={`clinic-name-${locale}`}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="md">
        <Select
          label={intl.formatMessage({ id: 'onboarding.clinic.locale' })}
          data={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          value={clinic.locale}
          onChange={(v) => v && set({ locale: v })}
          allowDeselect={false}
          required
        />
        <Select
          label={intl.formatMessage({ id: 'onboarding.clinic.country' })}
          data={countries}
          value={clinic.country}
          onChange={(v) => v && set({ country: v, timeZone: COUNTRY_TIME_ZONES[v] ?? clinic.timeZone })}
          allowDeselect={false}
          searchable
          required
          error={errorOf(intl, issues, 'clinic.country')}
          data-testid="clinic-country"
        />
        <Select
          label={intl.formatMessage({ id: 'onboarding.clinic.sector' })}
          placeholder={intl.formatMessage({ id: 'onboarding.clinic.sectorPlaceholder' })}
          data={SECTOR_IDS.map((s) => ({ value: s, label: intl.formatMessage({ id: `onboarding.sector.${s}` }) }))}
          value={clinic.sector || null}
          onChange={(v) => set({ sector: v ?? '', services: [] })}
          required
          error={errorOf(intl, issues, 'clinic.sector')}
          data-testid="clinic-sector"
        />
        <Select
          label={intl.formatMessage({ id: 'onboarding.clinic.timeZone' })}
          data={zones}
          value={clinic.timeZone}
          onChange={(v) => v && set({ timeZone: v })}
          allowDeselect={false}
          searchable
          required
          limit={50}
          error={errorOf(intl, issues, 'clinic.timeZone')}
        />
      </SimpleGrid>
      <MultiSelect
        label={intl.formatMessage({ id: 'onboarding.clinic.services' })}
        description={intl.formatMessage({ id: clinic.sector ? 'onboarding.clinic.servicesHint' : 'onboarding.clinic.servicesNoSector' })}
        data={services}
        value={clinic.services}
        onChange={(v) => set({ services: v })}
        disabled={!clinic.sector || services.length === 0}
        searchable
        clearable
      />
    </Stack>
  );
}

/** Step 3: the teams (groups); the first is the main one. */
export function TeamsStep({ draft, change, issues }: StepProps) {
  const intl = useIntl();
  const rename = (i: number, label: string) => {
    const old = draft.teams[i]!.label;
    const teams = draft.teams.map((t, j) => (j === i ? { label } : t));
    // Users follow the rename of a team they are in.
    const users = draft.users.map((u) => ({ ...u, teams: u.teams.map((l) => (l === old ? label : l)) }));
    change({ ...draft, teams, users });
  };
  const remove = (i: number) => {
    const gone = draft.teams[i]!.label;
    change({ ...draft, teams: draft.teams.filter((_, j) => j !== i), users: draft.users.map((u) => ({ ...u, teams: u.teams.filter((l) => l !== gone) })) });
  };
  const add = () => {
    const label = intl.formatMessage({ id: 'onboarding.teams.newLabel' }, { n: draft.teams.length + 1 });
    // The administrator joins every new team: each team needs an administrator.
    change({ ...draft, teams: [...draft.teams, { label }], users: draft.users.map((u, i) => (i === 0 ? { ...u, teams: [...u.teams, label] } : u)) });
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed"><FormattedMessage id="onboarding.teams.intro" /></Text>
      {draft.teams.map((team, i) => (
        <Group key={i} align="flex-start" gap="xs">
          <TextInput
            className={classes.grow}
            label={intl.formatMessage({ id: i === 0 ? 'onboarding.teams.main' : 'onboarding.teams.other' }, { n: i + 1 })}
            value={team.label}
            onChange={(e) => rename(i, e.currentTarget.value)}
            error={errorOf(intl, issues, `teams.${i}.label`)}
            maxLength={60}
            required
          />
          {i > 0 && (
            <ActionIcon variant="subtle" color="red" mt={26} size="lg" onClick={() => remove(i)} aria-label={intl.formatMessage({ id: 'onboarding.teams.remove' }, { label: team.label })}>
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={draft.teams.length >= 20}>
          <FormattedMessage id="onboarding.teams.add" />
        </Button>
      </Group>
    </Stack>
  );
}

/** One user's fields. */
function UserFields({ draft, change, issues, index }: StepProps & { index: number }) {
  const intl = useIntl();
  const user = draft.users[index]!;
  const set = (patch: Partial<typeof user>) => change({ ...draft, users: draft.users.map((u, j) => (j === index ? { ...u, ...patch } : u)) });
  const at = (field: string) => errorOf(intl, issues, `users.${index}.${field}`);
  const first = index === 0;
  return (
    <fieldset className={classes.user}>
      <legend className={classes.legend}>
        {first ? <FormattedMessage id="onboarding.users.admin" /> : <FormattedMessage id="onboarding.users.other" values={{ n: index + 1 }} />}
      </legend>
      <SimpleGrid cols={3} spacing="sm">
        <TextInput label={intl.formatMessage({ id: 'onboarding.users.firstName' })} value={user.firstName} onChange={(e) => set({ firstName: e.currentTarget.value })} error={at('firstName')} required autoComplete="off" />
        <TextInput label={intl.formatMessage({ id: 'onboarding.users.lastName' })} value={user.lastName} onChange={(e) => set({ lastName: e.currentTarget.value })} error={at('lastName')} required autoComplete="off" />
        <TextInput label={intl.formatMessage({ id: 'onboarding.users.email' })} type="email" value={user.email} onChange={(e) => set({ email: e.currentTarget.value })} error={at('email')} required autoComplete="off" />
        <TextInput label={intl.formatMessage({ id: 'onboarding.users.username' })} value={user.username} onChange={(e) => set({ username: e.currentTarget.value })} error={at('username')} required autoComplete="off" />
        <PasswordInput
          label={intl.formatMessage({ id: 'onboarding.users.password' })}
          description={intl.formatMessage({ id: 'onboarding.users.passwordHint' })}
          value={user.password}
          onChange={(e) => set({ password: e.currentTarget.value })}
          error={issues.filter((i) => i.path === `users.${index}.password`).map((i) => intl.formatMessage({ id: i.messageId }, i.values)).join(' ') || undefined}
          required
          autoComplete="new-password"
        />
        {first ? (
          <TextInput label={intl.formatMessage({ id: 'onboarding.users.role' })} value={intl.formatMessage({ id: 'onboarding.role.admin' })} readOnly />
        ) : (
          <Select
            label={intl.formatMessage({ id: 'onboarding.users.role' })}
            data={(['user', 'admin'] as const).map((r) => ({ value: r, label: intl.formatMessage({ id: `onboarding.role.${r}` }) }))}
            value={user.role}
            onChange={(v) => v && set({ role: v })}
            allowDeselect={false}
          />
        )}
      </SimpleGrid>
      <MultiSelect
        mt="sm"
        label={intl.formatMessage({ id: 'onboarding.users.teams' })}
        data={[...new Set(draft.teams.map((t) => t.label).filter(Boolean))]}
        value={user.teams}
        onChange={(v) => set({ teams: v })}
        error={at('teams')}
        required
      />
      {!first && (
        <Group justify="flex-end" mt="xs">
          <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => change({ ...draft, users: draft.users.filter((_, j) => j !== index) })}>
            <FormattedMessage id="onboarding.users.remove" />
          </Button>
        </Group>
      )}
    </fieldset>
  );
}

/** Step 4: the users; the first is the administrator who is signed in at the end. */
export function UsersStep(props: StepProps) {
  const { draft, change, issues } = props;
  const intl = useIntl();
  const general = issues.filter((i) => i.messageId === 'onboarding.issue.team-needs-admin' || i.messageId === 'onboarding.issue.first-user-admin');
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed"><FormattedMessage id="onboarding.users.intro" /></Text>
      {draft.users.map((_, i) => (
        <UserFields key={i} {...props} index={i} />
      ))}
      {general.length > 0 && (
        <Text c="red.8" size="sm" role="alert">
          {[...new Set(general.map((i) => intl.formatMessage({ id: i.messageId })))].join(' ')}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => change({ ...draft, users: [...draft.users, emptyUser('user', draft.teams.slice(0, 1).map((t) => t.label))] })} disabled={draft.users.length >= 50}>
          <FormattedMessage id="onboarding.users.add" />
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 5: the week's opening hours (09:00–17:00 Monday to Friday by default). */
export function ScheduleStep({ draft, change, issues }: StepProps) {
  const intl = useIntl();
  const weekdays = useMemo(() => {
    const f = new Intl.DateTimeFormat(intl.locale, { weekday: 'long', timeZone: 'UTC' });
    // 2023-01-01 was a Sunday: day i of the week is 2023-01-0(1+i).
    return [0, 1, 2, 3, 4, 5, 6].map((d) => f.format(new Date(Date.UTC(2023, 0, 1 + d))));
  }, [intl.locale]);
  const set = (day: number, patch: Partial<OnboardingDraft['schedule'][number]>) =>
    change({ ...draft, schedule: draft.schedule.map((d) => (d.day === day ? { ...d, ...patch } : d)) });
  // Monday first, as people read a working week; Sunday last.
  const order = [1, 2, 3, 4, 5, 6, 0];
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed"><FormattedMessage id="onboarding.schedule.intro" /></Text>
      <Table withRowBorders={false} verticalSpacing={6} className={classes.week}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th><FormattedMessage id="onboarding.schedule.day" /></Table.Th>
            <Table.Th><FormattedMessage id="onboarding.schedule.start" /></Table.Th>
            <Table.Th><FormattedMessage id="onboarding.schedule.end" /></Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.map((dayNumber) => {
            const day = draft.schedule[dayNumber]!;
            const name = weekdays[dayNumber]!;
            return (
              <Table.Tr key={dayNumber}>
                <Table.Td>
                  <Checkbox label={name} checked={day.enabled} onChange={(e) => set(dayNumber, { enabled: e.currentTarget.checked })} className={classes.dayName} />
                </Table.Td>
                <Table.Td>
                  <TimeInput
                    aria-label={intl.formatMessage({ id: 'onboarding.schedule.startOf' }, { day: name })}
                    value={day.start}
                    onChange={(e) => set(dayNumber, { start: e.currentTarget.value })}
                    disabled={!day.enabled}
                    error={errorOf(intl, issues, `schedule.${dayNumber}.start`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TimeInput
                    aria-label={intl.formatMessage({ id: 'onboarding.schedule.endOf' }, { day: name })}
                    value={day.end}
                    onChange={(e) => set(dayNumber, { end: e.currentTarget.value })}
                    disabled={!day.enabled}
                    error={errorOf(intl, issues, `schedule.${dayNumber}.end`)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The last step: what will be created, before creating it. */
export function ReviewStep({ draft }: { draft: OnboardingDraft }) {
  const intl = useIntl();
  const name = draft.clinic.name[draft.clinic.locale] || Object.values(draft.clinic.name).find(Boolean) || '';
  const openDays = draft.schedule.filter((d) => d.enabled).length;
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">{name}</Title>
      <Text size="sm">
        <FormattedMessage id="onboarding.review.teams" values={{ count: draft.teams.length, list: draft.teams.map((t) => t.label).join(', ') }} />
      </Text>
      <Text size="sm">
        <FormattedMessage id="onboarding.review.users" values={{ count: draft.users.length, admin: `${draft.users[0]?.firstName ?? ''} ${draft.users[0]?.lastName ?? ''}`.trim() }} />
      </Text>
      <Text size="sm">
        <FormattedMessage id="onboarding.review.schedule" values={{ days: openDays }} />
      </Text>
      <Text size="sm" c="dimmed">
        {intl.formatMessage({ id: 'onboarding.review.after' })}
      </Text>
    </Stack>
  );
}
