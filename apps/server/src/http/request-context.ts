import type { Role } from '@accueil/domain';

/**
 * The signed-in request's context, set by the authentication hook on `request.ctx` for
 * routes whose access is `session` or a role. Services take it first and scope every query
 * by `organizationId` (and `teamId` for team inboxes).
 */
export type RequestContext = {
  organizationId: string;
  userId: string;
  sessionId: string;
  role: Role;
  /** The user's current team (null when they belong to none). */
  teamId: string | null;
  /**
   * The devops user acting through this session when it is an impersonation (the session's
   * user is then the organisation's administrator); absent or null otherwise.
   */
  impersonatorId?: string | null;
};
