import { callEndpoints, endpointPath, SHORT_RECORDING_SECONDS, type Call } from '@accueil/domain';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconMessageForward,
  IconPhoneCall,
  IconPhoneIncoming,
  IconPhoneOff,
  IconPhoneOutgoing,
  IconRecordMail,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, apiRequest } from '../../lib/api';
import { formatTime } from '../../lib/format';
import { callEntryKind, type CallEntryKind } from './call-timeline';
import classes from './conversations.module.css';

const ICONS: Record<CallEntryKind, typeof IconPhoneCall> = {
  voicemail: IconRecordMail,
  callback: IconMessageForward,
  missed: IconPhoneOff,
  answered: IconPhoneIncoming,
  outbound: IconPhoneOutgoing,
  'outbound-unanswered': IconPhoneOutgoing,
  ongoing: IconPhoneCall,
};

/** m:ss of a length in seconds. */
export function formatCallLength(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A voicemail's player: the audio is fetched with the session (the route needs it) when the
 * reader asks for it, then played by the browser's own controls. A deleted recording says so.
 */
function VoicemailPlayer({ recordingId, deleted }: { recordingId: string; deleted: boolean }) {
  const intl = useIntl();
  const [state, setState] = useState<{ url?: string; error?: 'deleted' | 'failed'; loading?: boolean }>({});
  useEffect(() => () => void (state.url && URL.revokeObjectURL(state.url)), [state.url]);
  if (deleted || state.error === 'deleted') {
    return (
      <Text size="sm" c="dimmed" data-testid="voicemail-deleted">
        {intl.formatMessage({ id: 'conversations.call.voicemailDeleted' })}
      </Text>
    );
  }
  if (state.url) {
    return (
      <audio
        controls
        src={state.url}
        aria-label={intl.formatMessage({ id: 'conversations.call.voicemailAudio' })}
        data-testid="voicemail-audio"
      />
    );
  }
  const load = () => {
    setState({ loading: true });
    apiRequest<Blob>('GET', endpointPath(callEndpoints.recording).slice('/api/'.length), {
      query: { recordingId },
      responseType: 'blob',
    }).then(
      (blob) => setState({ url: URL.createObjectURL(blob) }),
      (error: unknown) =>
        setState({
          error: error instanceof ApiError && error.code === 'recording-deleted' ? 'deleted' : 'failed',
        }),
    );
  };
  return (
    <Group gap="xs">
      <Button
        size="compact-sm"
        variant="light"
        loading={state.loading}
        onClick={load}
        data-testid="voicemail-play"
      >
        {intl.formatMessage({ id: 'conversations.call.voicemailPlay' })}
      </Button>
      {state.error === 'failed' && (
        <Text size="sm" c="red.9" role="alert">
          {intl.formatMessage({ id: 'conversations.call.voicemailFailed' })}
        </Text>
      )}
    </Group>
  );
}

/**
 * A call in the conversation's timeline: its direction and outcome (answered, missed, voicemail,
 * a callback asked from the queue, under way), its time and length; a voicemail with its player, and a warning when the
 * recording is very short (under `SHORT_RECORDING_SECONDS`), with its length in seconds.
 */
export function CallEntry({ call }: { call: Call }) {
  const intl = useIntl();
  const kind = callEntryKind(call);
  const Icon = ICONS[kind];
  const length = kind === 'voicemail' ? call.voicemail?.duration : call.answeredAt ? call.duration : null;
  const short =
    call.voicemail &&
    !call.voicemail.deleted &&
    call.voicemail.duration !== null &&
    call.voicemail.duration < SHORT_RECORDING_SECONDS;
  return (
    <div className={classes.callEntry} data-testid="call-entry" data-call-kind={kind}>
      <Paper withBorder radius="md" px="sm" py={6} className={classes.callEntryCard}>
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap">
            <Icon
              size={16}
              aria-hidden
              color={kind === 'missed' ? 'var(--mantine-color-red-9)' : undefined}
            />
            <Text size="sm" fw={600}>
              {intl.formatMessage({ id: `conversations.call.kind.${kind}` })}
            </Text>
            <Text size="xs" c="dimmed">
              {formatTime(call.startedAt)}
              {length != null && length > 0 ? ` · ${formatCallLength(length)}` : ''}
            </Text>
          </Group>
          {kind === 'callback' && (
            <Text size="sm" data-testid="callback-requested">
              {intl.formatMessage({ id: 'conversations.call.callbackRequested' })}
            </Text>
          )}
          {short && (
            <Alert color="yellow" p={6} data-testid="voicemail-short">
              {intl.formatMessage(
                { id: 'conversations.call.voicemailShort' },
                { seconds: call.voicemail!.duration },
              )}
            </Alert>
          )}
          {call.voicemail && (
            <VoicemailPlayer recordingId={call.voicemail.id} deleted={call.voicemail.deleted} />
          )}
        </Stack>
      </Paper>
    </div>
  );
}
