import { Alert, Button, Table } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import classes from './devops.module.css';
import { useDevopsOrganizations, useImpersonate } from './use-devops';

/** Every organisation; acting as one's administrator starts a time-limited impersonation. */
export function Organizations() {
  const intl = useIntl();
  const organizations = useDevopsOrganizations();
  const impersonate = useImpersonate();
  if (organizations.isError)
    return <Alert color="red">{intl.formatMessage({ id: 'devops.loadFailed' })}</Alert>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover aria-label={intl.formatMessage({ id: 'devops.organizations.title' })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <FormattedMessage id="devops.organizations.col.name" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="devops.organizations.col.country" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="devops.organizations.col.users" />
            </Table.Th>
            <Table.Th>
              <FormattedMessage id="devops.organizations.col.created" />
            </Table.Th>
            <Table.Th>
              <span className={classes.visuallyHidden}>
                <FormattedMessage id="devops.col.actions" />
              </span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(organizations.data ?? []).map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td fw={500}>{o.name}</Table.Td>
              <Table.Td>{o.country}</Table.Td>
              <Table.Td>{o.userCount}</Table.Td>
              <Table.Td>
                <FormattedDate value={o.createdAt} dateStyle="medium" />
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconUserShield size={14} />}
                  onClick={() => impersonate.mutate(o.id)}
                  loading={impersonate.isPending && impersonate.variables === o.id}
                  aria-label={intl.formatMessage(
                    { id: 'devops.organizations.impersonateNamed' },
                    { name: o.name },
                  )}
                >
                  <FormattedMessage id="devops.organizations.impersonate" />
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
