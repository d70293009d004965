import { Avatar, Tooltip } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { CollisionUser } from './collision-state';

/** Avatars shown at most; more viewers show as "+n". */
const SHOWN_MAX = 3;

/**
 * The colleagues who have the conversation open, as initials in the header
 * (docs/behaviour/notes-and-presence.md, "Who is viewing and typing"), each an image named
 * "<name> is viewing" (its tooltip too). Its own chunk: loaded when someone else views.
 */
export function CollisionViewers({ viewers }: { viewers: readonly CollisionUser[] }) {
  const intl = useIntl();
  const shown = viewers.slice(0, SHOWN_MAX);
  const more = viewers.slice(SHOWN_MAX);
  const label = (name: string) => intl.formatMessage({ id: 'conversations.collision.viewing' }, { name });
  return (
    <Avatar.Group spacing={6} data-testid="collision-viewers">
      {shown.map((viewer) => (
        <Tooltip key={viewer.id} label={label(viewer.name)} withArrow>
          <Avatar role="img" size={26} name={viewer.name} color="initials" aria-label={label(viewer.name)} />
        </Tooltip>
      ))}
      {more.length > 0 && (
        <Tooltip label={intl.formatList(more.map((v) => v.name))} withArrow>
          <Avatar
            role="img"
            size={26}
            aria-label={intl.formatMessage(
              { id: 'conversations.collision.viewingMore' },
              { names: intl.formatList(more.map((v) => v.name)) },
            )}
          >
            +{more.length}
          </Avatar>
        </Tooltip>
      )}
    </Avatar.Group>
  );
}

export default CollisionViewers;
