import type { Role } from '../entities/user';

/**
 * Codes of an organisation's subscription tier that change what its users may do:
 * `outgoing-calls` (calls out; assumed when the organisation has no tier data),
 * `extension-transfer` (transfer a call to an extension; off unless present),
 * `single-team` (the organisation works with one team only; several teams unless present).
 */
export const TIER_CODES = ['outgoing-calls', 'extension-transfer', 'single-team'] as const;
export type TierCode = (typeof TIER_CODES)[number];

/**
 * Who acts: the signed-in user as the rules need them. `teamId` is the current team (the inbox
 * they work in; null when they belong to none); `tier` the organisation's tier codes, null when
 * the organisation has no tier data.
 */
export type Actor = {
  userId: string;
  role: Role;
  organizationId: string;
  teamId: string | null;
  tier: readonly TierCode[] | null;
};

/** A row of one organisation (every subject is). */
export type OrganizationSubject = { organizationId: string };
/** A conversation, as far as the rules look at it: its organisation and its team's inbox. */
export type ConversationSubject = { organizationId: string; userGroupId: string };
/**
 * A team (user group) of an organisation; `administratorIds` the users the team flags as its
 * administrators (omitted: none known, only the organisation's administrators count).
 */
export type TeamSubject = { id: string; organizationId: string; administratorIds?: readonly string[] };
/** A role given to a user of an organisation. */
export type RoleSubject = { organizationId: string; role: Role };
/** A user of an organisation (forced disconnect, removal from a team). */
export type UserSubject = { id: string; organizationId: string };
/** A content post: drafts are for marketing; other posts for their organisation. */
export type PostSubject = { organizationId: string; draft: boolean };
/**
 * A scheduled message: its organisation, the team it is sent from and who wrote it (null when
 * that account is gone).
 */
export type ScheduledMessageSubject = {
  organizationId: string;
  teamId: string;
  createdByUserId: string | null;
};
