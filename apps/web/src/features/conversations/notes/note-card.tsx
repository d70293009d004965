import type { Message } from '@accueil/domain';
import { Text } from '@mantine/core';
import { IconNote } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatTime } from '../../../lib/format';
import classes from './notes.module.css';

/**
 * The note's text with each `@Name` of a user it mentions set apart (the mentions are the ids
 * the server stored with their names then; a `@` before anything else stays plain text).
 */
export function withMentions(body: string, mentions: readonly { name: string }[]): ReactNode[] {
  const names = mentions.map((m) => m.name).filter((n) => n.length > 0);
  if (names.length === 0) return [body];
  const escaped = names
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const parts = body.split(new RegExp(`(@(?:${escaped.join('|')}))`, 'g'));
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className={classes.mention}>
        {part}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/**
 * An internal note in the timeline (docs/behaviour/notes-and-presence.md): a yellow-tinted card
 * across the thread, "Internal note", its author and time, its text with the people it mentions
 * set apart. Never a bubble: it was not sent to anyone.
 */
export function NoteCard({ message }: { message: Message }) {
  const intl = useIntl();
  return (
    <div className={classes.noteRow} data-direction="note">
      <article className={classes.note} aria-label={intl.formatMessage({ id: 'notes.card.label' })}>
        <div className={classes.noteHead}>
          <IconNote size={14} aria-hidden />
          <span>{intl.formatMessage({ id: 'notes.card.title' })}</span>
          <span aria-hidden>·</span>
          <span>{message.authorName ?? message.author}</span>
          <span aria-hidden>·</span>
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        </div>
        <Text size="sm" component="div" className={classes.noteText}>
          {withMentions(message.body, message.mentions ?? [])}
        </Text>
      </article>
    </div>
  );
}

export default NoteCard;
