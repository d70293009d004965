import {
  Button,
  Group,
  MultiSelect,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { emptyUser } from '../onboarding-draft';
import classes from '../onboarding.module.css';
import { type StepProps, errorOf } from './step-props';

/** One user's fields. */
function UserFields({ draft, change, issues, index }: StepProps & { index: number }) {
  const intl = useIntl();
  const user = draft.users[index]!;
  const set = (patch: Partial<typeof user>) =>
    change({ ...draft, users: draft.users.map((u, j) => (j === index ? { ...u, ...patch } : u)) });
  const at = (field: string) => errorOf(intl, issues, `users.${index}.${field}`);
  const first = index === 0;
  return (
    <fieldset className={classes.user}>
      <legend className={classes.legend}>
        {first ? (
          <FormattedMessage id="onboarding.users.admin" />
        ) : (
          <FormattedMessage id="onboarding.users.other" values={{ n: index + 1 }} />
        )}
      </legend>
      <SimpleGrid cols={3} spacing="sm">
        <TextInput
          label={intl.formatMessage({ id: 'onboarding.users.firstName' })}
          value={user.firstName}
          onChange={(e) => set({ firstName: e.currentTarget.value })}
          error={at('firstName')}
          required
          autoComplete="off"
        />
        <TextInput
          label={intl.formatMessage({ id: 'onboarding.users.lastName' })}
          value={user.lastName}
          onChange={(e) => set({ lastName: e.currentTarget.value })}
          error={at('lastName')}
          required
          autoComplete="off"
        />
        <TextInput
          label={intl.formatMessage({ id: 'onboarding.users.email' })}
          type="email"
          value={user.email}
          onChange={(e) => set({ email: e.currentTarget.value })}
          error={at('email')}
          required
          autoComplete="off"
        />
        <TextInput
          label={intl.formatMessage({ id: 'onboarding.users.username' })}
          value={user.username}
          onChange={(e) => set({ username: e.currentTarget.value })}
          error={at('username')}
          required
          autoComplete="off"
        />
        <PasswordInput
          label={intl.formatMessage({ id: 'onboarding.users.password' })}
          description={intl.formatMessage({ id: 'onboarding.users.passwordHint' })}
          value={user.password}
          onChange={(e) => set({ password: e.currentTarget.value })}
          error={
            issues
              .filter((i) => i.path === `users.${index}.password`)
              .map((i) => intl.formatMessage({ id: i.messageId }, i.values))
              .join(' ') || undefined
          }
          required
          autoComplete="new-password"
        />
        {first ? (
          <TextInput
            label={intl.formatMessage({ id: 'onboarding.users.role' })}
            value={intl.formatMessage({ id: 'onboarding.role.admin' })}
            readOnly
          />
        ) : (
          <Select
            label={intl.formatMessage({ id: 'onboarding.users.role' })}
            data={(['user', 'admin'] as const).map((r) => ({
              value: r,
              label: intl.formatMessage({ id: `onboarding.role.${r}` }),
            }))}
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
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => change({ ...draft, users: draft.users.filter((_, j) => j !== index) })}
          >
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
  const general = issues.filter(
    (i) =>
      i.messageId === 'onboarding.issue.team-needs-admin' ||
      i.messageId === 'onboarding.issue.first-user-admin',
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="onboarding.users.intro" />
      </Text>
      {draft.users.map((_, i) => (
        <UserFields key={i} {...props} index={i} />
      ))}
      {general.length > 0 && (
        <Text c="red.8" size="sm" role="alert">
          {[...new Set(general.map((i) => intl.formatMessage({ id: i.messageId })))].join(' ')}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            change({
              ...draft,
              users: [
                ...draft.users,
                emptyUser(
                  'user',
                  draft.teams.slice(0, 1).map((t) => t.label),
                ),
              ],
            })
          }
          disabled={draft.users.length >= 50}
        >
          <FormattedMessage id="onboarding.users.add" />
        </Button>
      </Group>
    </Stack>
  );
}
