import type { InvitationCode } from '@accueil/domain';
import { Alert, Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useInvitationCodes, useRevokeInvitationCode } from './use-devops';
import classes from './devops.module.css';
import { HealthPanel } from './health-panel';
import { NewInvitationCode } from './new-invitation-code';
import { Organizations } from './organizations-table';
import { ServiceStatusForm } from './service-status-form';
import { Synchronizations } from './synchronizations';
import { When } from './when';

// Filled badges in dark shades: white text reads at 4.5:1 or more on each.
const STATUS_COLOR: Record<InvitationCode['status'], string> = {
  open: 'teal.9',
  used: 'blue.8',
  expired: 'gray.7',
};

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
 * is refused to other roles by the server): the installation's health, the service's status (maintenance banner and page),
 * invitation codes to onboard a new organisation, and the organisations to act in (impersonation, 30 minutes, audited).
 */
export function DevopsScreen() {
  return (
    <Stack className={classes.screen} gap="lg">
      <Title order={1} size="h2">
        <FormattedMessage id="devops.title" />
      </Title>
      <DevopsSection id="health">
        <HealthPanel />
      </DevopsSection>
      <DevopsSection id="sync">
        <Synchronizations />
      </DevopsSection>
      <DevopsSection id="status">
        <ServiceStatusForm />
      </DevopsSection>
      <DevopsSection id="codes">
        <NewInvitationCode />
        <InvitationCodes />
      </DevopsSection>
      <DevopsSection id="organizations">
        <Organizations />
      </DevopsSection>
    </Stack>
  );
}

/** One part of the panel: its title (`devops.<id>.title`) and introduction (`devops.<id>.intro`), then its content. */
function DevopsSection({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`devops-${id}`}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={`devops-${id}`}>
            <FormattedMessage id={`devops.${id}.title`} />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage id={`devops.${id}.intro`} />
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
