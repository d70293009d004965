import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import classes from '../onboarding.module.css';
import { type StepProps, errorOf } from './step-props';

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
    change({
      ...draft,
      teams: draft.teams.filter((_, j) => j !== i),
      users: draft.users.map((u) => ({ ...u, teams: u.teams.filter((l) => l !== gone) })),
    });
  };
  const add = () => {
    const label = intl.formatMessage({ id: 'onboarding.teams.newLabel' }, { n: draft.teams.length + 1 });
    // The administrator joins every new team: each team needs an administrator.
    change({
      ...draft,
      teams: [...draft.teams, { label }],
      users: draft.users.map((u, i) => (i === 0 ? { ...u, teams: [...u.teams, label] } : u)),
    });
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        <FormattedMessage id="onboarding.teams.intro" />
      </Text>
      {draft.teams.map((team, i) => (
        <Group key={i} align="flex-start" gap="xs">
          <TextInput
            className={classes.grow}
            label={intl.formatMessage(
              { id: i === 0 ? 'onboarding.teams.main' : 'onboarding.teams.other' },
              { n: i + 1 },
            )}
            value={team.label}
            onChange={(e) => rename(i, e.currentTarget.value)}
            error={errorOf(intl, issues, `teams.${i}.label`)}
            maxLength={60}
            required
          />
          {i > 0 && (
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              size="lg"
              onClick={() => remove(i)}
              aria-label={intl.formatMessage({ id: 'onboarding.teams.remove' }, { label: team.label })}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={add}
          disabled={draft.teams.length >= 20}
        >
          <FormattedMessage id="onboarding.teams.add" />
        </Button>
      </Group>
    </Stack>
  );
}
