import { AUDIT_ACTIONS, type AuditAction, type AuditEvent } from '@accueil/domain';
import {
  Anchor,
  Button,
  Group,
  Pill,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import type { AuditFilters } from './api';
import classes from './audit-log.module.css';
import { AuditVerificationStatus } from './audit-verification';
import { useAuditLog } from './use-audit';

const NO_FILTERS: AuditFilters = { action: null, actor: null, fromDay: '', toDay: '' };

/**
 * The configuration screen's "Audit log" tab (administrators): the state of the hash chain, then
 * the organisation's events newest first, filtered by action, actor (choose one by its name in
 * the table) and day range, fifty at a time.
 */
export default function AuditLogTab() {
  const intl = useIntl();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const pages = useAuditLog(filters);
  const events = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const actionLabel = (action: AuditAction) => intl.formatMessage({ id: `audit.action.${action}` });
  const filtered = filters !== NO_FILTERS;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        <FormattedMessage id="audit.title" />
      </Title>
      <Text size="sm" c="dimmed">
        <FormattedMessage id="audit.intro" />
      </Text>
      <AuditVerificationStatus />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={intl.formatMessage({ id: 'audit.filter.action' })}
          placeholder={intl.formatMessage({ id: 'audit.filter.anyAction' })}
          data={AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
          value={filters.action}
          onChange={(value) => setFilters((f) => ({ ...f, action: value }))}
          clearable
          w={260}
        />
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'audit.filter.from' })}
          value={filters.fromDay}
          onChange={(e) => setFilters((f) => ({ ...f, fromDay: e.currentTarget.value }))}
          w={170}
        />
        <TextInput
          type="date"
          label={intl.formatMessage({ id: 'audit.filter.to' })}
          value={filters.toDay}
          onChange={(e) => setFilters((f) => ({ ...f, toDay: e.currentTarget.value }))}
          w={170}
        />
        {filters.actor && (
          <Pill
            size="lg"
            withRemoveButton
            onRemove={() => setFilters((f) => ({ ...f, actor: null }))}
            removeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'audit.filter.clearActor' }) }}
          >
            <FormattedMessage id="audit.filter.actor" values={{ name: filters.actor.name }} />
          </Pill>
        )}
        {filtered && (
          <Button variant="subtle" onClick={() => setFilters(NO_FILTERS)}>
            <FormattedMessage id="audit.filter.reset" />
          </Button>
        )}
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs" className={classes.table}>
          <Table.Caption className={classes.caption}>
            <FormattedMessage id="audit.table.caption" />
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <FormattedMessage id="audit.column.when" />
              </Table.Th>
              <Table.Th scope="col">
                <FormattedMessage id="audit.column.who" />
              </Table.Th>
              <Table.Th scope="col">
                <FormattedMessage id="audit.column.what" />
              </Table.Th>
              <Table.Th scope="col">
                <FormattedMessage id="audit.column.from" />
              </Table.Th>
              <Table.Th scope="col" className={classes.seq}>
                <FormattedMessage id="audit.column.seq" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.map((event) => (
              <AuditRow
                key={event.id}
                event={event}
                actionLabel={actionLabel}
                onActor={(actor) => setFilters((f) => ({ ...f, actor }))}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages.isPending && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="audit.loading" />
        </Text>
      )}
      {pages.isError && (
        <Text size="sm" c="red.9" role="alert">
          <FormattedMessage id="audit.loadFailed" />
        </Text>
      )}
      {pages.isSuccess && events.length === 0 && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id={filtered ? 'audit.emptyFiltered' : 'audit.empty'} />
        </Text>
      )}
      {pages.hasNextPage && (
        <Group>
          <Button
            variant="default"
            onClick={() => void pages.fetchNextPage()}
            loading={pages.isFetchingNextPage}
          >
            <FormattedMessage id="audit.more" />
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** One event: when, who (a button that filters by them), what (and on what), from where, its number in the chain. */
function AuditRow({
  event,
  actionLabel,
  onActor,
}: {
  event: AuditEvent;
  actionLabel: (a: AuditAction) => string;
  onActor: (actor: { id: string; name: string }) => void;
}) {
  const intl = useIntl();
  const { actor } = event;
  return (
    <Table.Tr>
      <Table.Td className={classes.when}>{formatDateTime(event.createdAt)}</Table.Td>
      <Table.Td>
        {actor.id && actor.name ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onActor({ id: actor.id!, name: actor.name! })}
            title={intl.formatMessage({ id: 'audit.filter.byActor' }, { name: actor.name })}
          >
            {actor.name}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {actor.name ?? <FormattedMessage id="audit.unknownActor" />}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{actionLabel(event.action)}</Text>
        {event.target && (
          <Text size="xs" c="dimmed" className={classes.target}>
            <FormattedMessage
              id="audit.target"
              values={{ type: event.target.type, id: event.target.id.slice(0, 8) }}
            />
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{event.ip ?? '—'}</Text>
        {event.userAgent && (
          <Tooltip label={event.userAgent} multiline maw={420} withinPortal>
            <Text size="xs" c="dimmed" className={classes.agent} tabIndex={0}>
              {event.userAgent}
            </Text>
          </Tooltip>
        )}
      </Table.Td>
      <Table.Td className={classes.seq}>{event.seq}</Table.Td>
    </Table.Tr>
  );
}
