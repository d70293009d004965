import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import classes from './conversations.module.css';
import { smsSegments } from './sms-segments';

/** Props of {@link SegmentCounter}. */
export interface SegmentCounterProps {
  /** The text as it will be sent (outer whitespace removed). */
  text: string;
}

/**
 * Under the composer: characters used of what the current segments hold and how many texts
 * (segments) the message takes; past one segment, a warning that it goes out as several
 * billed texts, naming the characters that forced UCS-2 when they did. The warning sits in a
 * polite live region that is always present, so screen readers hear it appear and change
 * without hearing every keystroke's count.
 */
export function SegmentCounter({ text }: SegmentCounterProps) {
  const intl = useIntl();
  const info = useMemo(() => smsSegments(text), [text]);
  const split = info.segments > 1;
  return (
    <>
      <Text
        size="xs"
        className={split ? classes.segmentWarning : undefined}
        c={split ? undefined : 'gray.7'}
        fw={split ? 600 : 400}
        style={{ flex: 'none' }}
        data-testid="segment-count"
      >
        {intl.formatMessage(
          { id: 'conversations.composer.count' },
          { used: info.used, capacity: info.capacity, segments: Math.max(1, info.segments) },
        )}
      </Text>
      <div data-testid="segment-warning" aria-live="polite" aria-atomic="true" style={{ flexBasis: '100%' }}>
        {split && (
          <Group gap={4} wrap="nowrap" align="flex-start" mt={2}>
            <IconAlertTriangle
              size={14}
              className={classes.segmentWarning}
              aria-hidden
              style={{ flex: 'none', marginTop: 1 }}
            />
            <Text size="xs" className={classes.segmentWarning}>
              {intl.formatMessage(
                { id: 'conversations.composer.segmentsWarning' },
                { segments: info.segments },
              )}
              {info.encoding === 'UCS-2' &&
                ` ${intl.formatMessage(
                  { id: 'conversations.composer.unicodeNote' },
                  { chars: info.nonGsm.slice(0, 5).join(' '), perSegment: 67 },
                )}`}
            </Text>
          </Group>
        )}
      </div>
    </>
  );
}
