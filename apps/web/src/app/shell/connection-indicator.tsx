import { assertUnreachable, type RealtimeConnectionState } from '@accueil/domain';
import { Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LazyTooltip } from '../../components/lazy-tooltip';
import { useRealtimeState } from '../../lib/realtime';

/** Colour of the dot for each state of the realtime connection. */
export function connectionColor(state: RealtimeConnectionState): string {
  switch (state) {
    case 'connected':
      return 'var(--mantine-color-teal-6)';
    case 'initializing':
    case 'connecting':
    case 'reconnecting':
    case 'disconnecting':
      return 'var(--mantine-color-yellow-6)';
    case 'initialization-failed':
    case 'connection-failed':
      return 'var(--mantine-color-red-6)';
    case 'disconnected':
      return 'var(--mantine-color-gray-5)';
    default:
      return assertUnreachable(state);
  }
}

/** Small dot and label in the side menu showing the realtime connection's state. */
export function ConnectionIndicator() {
  const state = useRealtimeState();
  const intl = useIntl();
  const label = intl.formatMessage({ id: `shell.connection.state.${state}` });
  return (
    <LazyTooltip
      label={intl.formatMessage({ id: 'shell.connection.label' }, { state: label })}
      position="right"
    >
      <Group
        gap={12}
        px={12}
        py={6}
        wrap="nowrap"
        data-testid="connection-indicator"
        data-state={state}
        aria-live="polite"
      >
        <span aria-hidden style={{ width: 19, display: 'flex', justifyContent: 'center' }}>
          <span
            style={{
              width: 8,
              height: 8,
              borderRadius: 8,
              background: connectionColor(state),
              boxShadow: `0 0 0 3px color-mix(in srgb, ${connectionColor(state)} 20%, transparent)`,
            }}
          />
        </span>
        <Text size="xs" c="dimmed" fw={500}>
          {label}
        </Text>
      </Group>
    </LazyTooltip>
  );
}
