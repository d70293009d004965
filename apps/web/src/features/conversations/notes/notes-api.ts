import type { Mentionable, Message } from '@accueil/domain';
import { noteEndpoints } from '@accueil/domain';
import { api } from '../../../lib/endpoint-client';

/** Query key of who a note of conversation `id` can mention (its team's members). */
export const mentionableKey = (id: string) => ['conversations', 'mentionable', id] as const;

/**
 * POST /api/conversations/:id/notes — 201 with the note (a message whose `direction` is `note`;
 * docs/behaviour/notes-and-presence.md). `mentions`: ids of the team's members it mentions;
 * another id answers 422 `mention-not-in-team`.
 */
export function createNote(id: string, body: string, mentions: string[]): Promise<Message> {
  return api.call(noteEndpoints.createNote, {
    params: { id },
    body: mentions.length > 0 ? { body, mentions } : { body },
  });
}

/** GET /api/conversations/:id/mentionable — the conversation's team's members, by name. */
export function fetchMentionable(id: string, signal?: AbortSignal): Promise<Mentionable> {
  return api.call(noteEndpoints.mentionable, { params: { id }, signal });
}

/** POST /api/conversations/:id/mentions/read — the user's mentions in it are read; answers the unread left. */
export function readMentions(id: string): Promise<{ mentions: number }> {
  return api.call(noteEndpoints.readMentions, { params: { id } });
}
