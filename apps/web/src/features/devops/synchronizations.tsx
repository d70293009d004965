import { SYNCHRONIZATION_KINDS, type SynchronizationResult } from '@accueil/domain';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { useSynchronize } from './use-operations';

/** What one synchronization answered: counts, then the rows it corrected. */
function Outcome({ result }: { result: SynchronizationResult }) {
  return (
    <Alert color={result.fixed > 0 ? 'teal' : 'gray'} role="status" data-testid="synchronization-result">
      <Text size="sm" fw={600}>
        <FormattedMessage
          id={`devops.sync.result.${result.kind}`}
          values={{ checked: result.checked, fixed: result.fixed, unresolved: result.unresolved }}
        />
      </Text>
      {result.items.length > 0 && (
        <List size="xs" mt={4}>
          {result.items.map((item) => (
            <List.Item key={item.id}>
              <code>{item.id}</code> : {item.before} → {item.after}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * The three synchronize actions (docs/behaviour/operations.md): each button runs one
 * reconciliation with the carrier and shows what it checked and fixed. Devops only (the server
 * refuses others); in `/devops` and in the developer panel.
 */
export function Synchronizations() {
  const run = useSynchronize();
  return (
    <Stack gap="sm">
      <Group gap="sm">
        {SYNCHRONIZATION_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={run.isPending && run.variables === kind}
            disabled={run.isPending && run.variables !== kind}
            onClick={() => run.mutate(kind)}
          >
            <FormattedMessage id={`devops.sync.${kind}`} />
          </Button>
        ))}
      </Group>
      {run.data && <Outcome result={run.data} />}
    </Stack>
  );
}
