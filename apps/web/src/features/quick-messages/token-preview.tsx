import { fillTokens, type FilledText } from '@accueil/domain';
import { Alert, Paper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSession } from '../../lib/session';
import classes from './quick-messages.module.css';

/** Props of {@link TokenPreview}. */
export interface TokenPreviewProps {
  /** The text as written, tokens included. */
  text: string;
  /** The conversation's contact (null: none linked). */
  contact: { firstName: string; lastName: string } | null;
  /** Told the filled text and the tokens without a value for this contact, on every change. */
  onFilled?: (filled: FilledText) => void;
  /** A heading above the preview (the quick message's title). */
  title?: string;
}

/**
 * What a text with tokens will say to this contact, filled as the server will fill it
 * (`fillTokens`, today in the organisation's time zone), and a clear notice naming the tokens
 * without a value: such a text is not sent.
 */
export default function TokenPreview({ text, contact, onFilled, title }: TokenPreviewProps) {
  const intl = useIntl();
  const organization = useSession().context?.organization;
  const filled = useMemo(
    () =>
      fillTokens(text, {
        contact,
        organizationName: organization?.name ?? null,
        now: new Date(),
        timeZone: organization?.timeZone ?? 'America/Toronto',
      }),
    [text, contact, organization],
  );
  useEffect(() => {
    onFilled?.(filled);
  }, [filled, onFilled]);
  const names = filled.missing.map((k) => intl.formatMessage({ id: `quickMessages.token.${k}` }));
  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-gray-0)" data-testid="token-preview">
      <Text size="xs" fw={600} c="dimmed">
        {title
          ? intl.formatMessage({ id: 'quickMessages.preview.titled' }, { title })
          : intl.formatMessage({ id: 'quickMessages.preview.label' })}
      </Text>
      <Text size="sm" className={classes.preview}>
        {filled.text}
      </Text>
      {filled.missing.length > 0 && (
        <Alert
          mt={6}
          p="xs"
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          role="alert"
        >
          {intl.formatMessage(
            { id: 'quickMessages.preview.missing' },
            { tokens: intl.formatList(names, { type: 'conjunction' }), count: names.length },
          )}
        </Alert>
      )}
    </Paper>
  );
}
