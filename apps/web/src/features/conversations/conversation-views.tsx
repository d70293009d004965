import type { ConversationView } from '@accueil/domain';
import { Badge, Group, Tabs, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import classes from './conversations.module.css';
import { useViewCounts } from './use-conversation-queries';

/**
 * The views of the inbox, in the order of their tabs: whose conversations the list shows
 * (docs/behaviour/assignment.md, "Views and counts"). Each one's label is the text
 * `conversations.view.<view>`; a new view (Mentions) is one more entry here and its texts.
 */
export const INBOX_VIEWS = [
  'mine',
  'unassigned',
  'all',
  'mentions',
] as const satisfies readonly ConversationView[];
/** One of {@link INBOX_VIEWS}. */
export type InboxView = (typeof INBOX_VIEWS)[number];

/** Props of {@link ConversationViewTabs}. */
export interface ConversationViewTabsProps {
  /** The view shown; null while a search reads the whole team (no tab is selected then). */
  view: InboxView | null;
  onChange: (view: InboxView) => void;
}

/**
 * Tabs Mine / Unassigned / All / Mentions above the list, each with its count (active
 * conversations; for Mentions, those with a mention of the user not read yet: notes-and-presence.md)
 * (`GET /api/conversations/view-counts`, refetched on the realtime events that change a
 * conversation and after a reconnect). The count is also in the tab's accessible name.
 */
export function ConversationViewTabs({ view, onChange }: ConversationViewTabsProps) {
  const intl = useIntl();
  const counts = useViewCounts().data;
  return (
    <Tabs
      value={view}
      onChange={(v) => {
        if (v) onChange(v as InboxView);
      }}
      mb={8}
      classNames={{ list: classes.viewTabs, tab: classes.viewTab }}
    >
      <Tabs.List justify="space-between" aria-label={intl.formatMessage({ id: 'conversations.view.label' })}>
        {INBOX_VIEWS.map((v) => {
          const count = counts?.[v];
          return (
            <Tabs.Tab key={v} value={v} data-testid={`view-tab-${v}`}>
              <Group gap={4} wrap="nowrap">
                {v === 'mentions' ? (
                  // An @ for Mentions: four worded tabs do not fit the list's column with their counts.
                  <Tooltip label={intl.formatMessage({ id: 'conversations.view.mentions' })} withArrow>
                    <span style={{ display: 'inline-flex' }}>
                      <IconAt size={16} aria-hidden />
                      <VisuallyHidden>
                        <FormattedMessage id="conversations.view.mentions" />
                      </VisuallyHidden>
                    </span>
                  </Tooltip>
                ) : (
                  <span className={classes.viewLabel}>
                    <FormattedMessage id={`conversations.view.${v}`} />
                  </span>
                )}
                {count !== undefined && (
                  <Badge
                    size="xs"
                    variant={view === v ? 'filled' : 'light'}
                    color={view === v ? undefined : 'gray'}
                    className={classes.count}
                  >
                    {count > 999 ? '999+' : count}
                  </Badge>
                )}
              </Group>
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
