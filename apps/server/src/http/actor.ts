import type { Actor, Role } from '@accueil/domain';

/**
 * The actor the ability rules judge, for a signed-in user. Organisations have no tier data
 * stored yet, so `tier` is null (what the rules assume without tier data).
 */
export function actorOf(user: {
  userId: string;
  role: Role;
  organizationId: string;
  teamId: string | null;
}): Actor {
  return {
    userId: user.userId,
    role: user.role,
    organizationId: user.organizationId,
    teamId: user.teamId,
    tier: null,
  };
}
