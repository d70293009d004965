import type { CreatedInvitationCode, InvitationCode } from '@accueil/domain';
import { INVITATION_CODE_MAX_VALIDITY_DAYS, INVITATION_CODE_VALIDITY_DAYS } from '@accueil/domain';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useCreateInvitationCode, useInvitationCodes, useRevokeInvitationCode } from './use-devops';
import classes from './devops.module.css';
import { Organizations } from './organizations-table';

// Filled badges in dark shades: white text reads at 4.5:1 or more on each.
const STATUS_COLOR: Record<InvitationCode['status'], string> = {
  open: 'teal.9',
  used: 'blue.8',
  expired: 'gray.7',
};

/** A date and time in the interface's language. */
function When({ iso }: { iso: string | null }) {
  if (!iso)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <span className={classes.nowrap}>
      <FormattedDate value={iso} dateStyle="medium" timeStyle="short" />
    </span>
  );
}

/** The form that creates a code, and the code just created (shown once, with a copy button). */
function NewInvitationCode() {
  const intl = useIntl();
  const [label, setLabel] = useState('');
  const [validDays, setValidDays] = useState<number | string>(INVITATION_CODE_VALIDITY_DAYS);
  const [created, setCreated] = useState<CreatedInvitationCode | null>(null);
  const create = useCreateInvitationCode();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { label: label.trim() || undefined, validDays: Number(validDays) || INVITATION_CODE_VALIDITY_DAYS },
      {
        onSuccess: (code) => {
          setCreated(code);
          setLabel('');
        },
      },
    );
  };
  const onboardingUrl = `${window.location.origin}/onboarding`;
  return (
    <Stack gap="sm">
      <form onSubmit={submit} aria-label={intl.formatMessage({ id: 'devops.codes.form' })}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={intl.formatMessage({ id: 'devops.codes.label' })}
            placeholder={intl.formatMessage({ id: 'devops.codes.labelPlaceholder' })}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={100}
            className={classes.grow}
          />
          <NumberInput
            label={intl.formatMessage({ id: 'devops.codes.validDays' })}
            value={validDays}
            onChange={setValidDays}
            min={1}
            max={INVITATION_CODE_MAX_VALIDITY_DAYS}
            clampBehavior="strict"
            w={140}
          />
          <Button type="submit" leftSection={<IconKey size={16} />} loading={create.isPending}>
            <FormattedMessage id="devops.codes.create" />
          </Button>
        </Group>
      </form>
      {created && (
        <Alert
          color="teal"
          variant="light"
          title={intl.formatMessage({ id: 'devops.codes.created' })}
          role="status"
          // The light variant's title on its background reads under 4.5:1; teal 9 on teal 0 reads above.
          styles={{
            root: { background: 'var(--mantine-color-teal-0)' },
            title: { color: 'var(--mantine-color-teal-9)' },
          }}
        >
          <Group gap="sm" align="center">
            <Text ff="monospace" fz="xl" fw={700} data-testid="new-invitation-code">
              {created.code}
            </Text>
            <CopyButton value={created.code}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                >
                  <FormattedMessage id={copied ? 'devops.codes.copied' : 'devops.codes.copy'} />
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" mt="xs">
            <FormattedMessage
              id="devops.codes.createdHint"
              values={{ url: onboardingUrl, expires: <When iso={created.expiresAt} /> }}
            />
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

/** The invitation codes, newest first, each with its status; an open one can be revoked. */
function InvitationCodes() {
  const intl = useIntl();
  const codes = useInvitationCodes();
  const revoke = useRevokeInvitationCode();
  if (codes.isError) return <Alert color="red">{intl.formatMessage({ id: 'devops.loadFailed' })}</Alert>;
  const items = codes.data ?? [];
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover aria-label={intl.formatMessage({ id: 'devops.codes.title' })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="devops.codes.col.label" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="devops.codes.col.status" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="devops.codes.col.created" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="devops.codes.col.expires" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="devops.codes.col.organization" />
            </Table.Th>
            <Table.Th>
              <span className={classes.visuallyHidden}>
                <FormattedMessage id="devops.col.actions" />
              </span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 && !codes.isPending && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed" size="sm">
                  <FormattedMessage id="devops.codes.empty" />
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {items.map((code) => (
            <Table.Tr key={code.id}>
              <Table.Td>
                {code.label ?? (
                  <Text span c="dimmed">
                    —
                  </Text>
                )}
                {code.createdBy && (
                  <Text size="xs" c="dimmed">
                    {code.createdBy.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                <Badge color={STATUS_COLOR[code.status]} variant="filled" className={classes.badge}>
                  <FormattedMessage id={`devops.codes.status.${code.status}`} />
                </Badge>
              </Table.Td>
              <Table.Td>
                <When iso={code.createdAt} />
              </Table.Td>
              <Table.Td>
                <When iso={code.usedAt ?? code.expiresAt} />
              </Table.Td>
              <Table.Td>
                {code.organization?.name ?? (
                  <Text span c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {code.status === 'open' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => revoke.mutate(code.id)}
                    loading={revoke.isPending && revoke.variables === code.id}
                  >
                    <FormattedMessage id="devops.codes.revoke" />
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/devops`, for devops users only (the menu entry is shown to them alone; every call it makes
 * is refused to other roles by the server): invitation codes to onboard a new organisation, and
 * the organisations to act in (impersonation, 30 minutes, audited).
 */
export function DevopsScreen() {
  return (
    <Stack className={classes.screen} gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="devops.title" />
      </Title>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="devops-codes">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="devops-codes">
              <FormattedMessage id="devops.codes.title" />
            </Title>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="devops.codes.intro" />
            </Text>
          </div>
          <NewInvitationCode />
          <InvitationCodes />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="devops-organizations">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="devops-organizations">
              <FormattedMessage id="devops.organizations.title" />
            </Title>
            <Text size="sm" c="dimmed">
              <FormattedMessage id="devops.organizations.intro" />
            </Text>
          </div>
          <Organizations />
        </Stack>
      </Paper>
    </Stack>
  );
}
