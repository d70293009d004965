import type { ViewCounts } from '@accueil/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { conversationKeys } from '../api';
import { readMentions } from './notes-api';

/**
 * Opening a conversation reads the signed-in user's mentions in it
 * (docs/behaviour/notes-and-presence.md): `POST …/mentions/read`, unless the view counts held say
 * they have none unread; the Mentions count then takes the answer. A failure leaves the count as
 * it was (the next opening tries again).
 */
export function useReadMentions(conversationId: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!conversationId) return;
    const counts = client.getQueryData<ViewCounts>(conversationKeys.viewCounts());
    if (counts && counts.mentions === 0) return;
    readMentions(conversationId).then(
      ({ mentions }) =>
        client.setQueryData<ViewCounts>(conversationKeys.viewCounts(), (current) =>
          current ? { ...current, mentions } : current,
        ),
      () => undefined,
    );
  }, [client, conversationId]);
}
