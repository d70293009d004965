import type {
  Conversation,
  CreateLabelRequest,
  Label,
  TeamUnreadCounts,
  UpdateLabelRequest,
} from '@accueil/domain';
import { conversationEndpoints, labelEndpoints } from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/**
 * Query keys of the labels (docs/behaviour/labels.md), under `['conversations']` so a reconnect
 * refetches them with the lists.
 */
export const labelKeys = {
  all: ['conversations', 'labels'] as const,
  /** The per-team unread counts of the team switcher. */
  teamUnreadCounts: ['conversations', 'team-unread-counts'] as const,
};

/** GET /api/labels — the organisation's labels, by name. */
export function fetchLabels(signal?: AbortSignal): Promise<Label[]> {
  return api.call(labelEndpoints.list, { signal });
}

/** POST /api/labels (administrators; 409 `label-name-taken`, 422 `too-many-labels`). */
export function createLabel(body: CreateLabelRequest): Promise<Label> {
  return api.call(labelEndpoints.create, { body });
}

/** PUT /api/labels/:id — rename and/or recolour (administrators). */
export function updateLabel(id: string, body: UpdateLabelRequest): Promise<Label> {
  return api.call(labelEndpoints.update, { params: { id }, body });
}

/** DELETE /api/labels/:id (administrators): taken off every conversation. */
export function deleteLabel(id: string): Promise<void> {
  return api.call(labelEndpoints.delete, { params: { id } });
}

/** PUT /api/conversations/:id/labels — the conversation's whole set (at most 10). */
export function setConversationLabels(id: string, labelIds: string[]): Promise<Conversation> {
  return api.call(conversationEndpoints.setLabels, { params: { id }, body: { labelIds } });
}

/** GET /api/teams/unread-counts — `{ [teamId]: count }` for the signed-in user's teams. */
export function fetchTeamUnreadCounts(signal?: AbortSignal): Promise<TeamUnreadCounts> {
  return api.call(conversationEndpoints.teamUnreadCounts, { signal });
}
