import type { TeamMember } from '@accueil/domain';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useCurrentTeam } from '../../lib/session';
import { useTeams } from '../configuration/teams/use-teams-users';

/**
 * The members of the current team, whom its conversations may be assigned to
 * (docs/behaviour/assignment.md), sorted by name in the interface's language; read from
 * `GET /api/teams` (every signed-in user reads it; the same cache as the Teams configuration).
 * The server checks membership again at each assignment (422 `assignee-not-in-team`).
 */
export function useTeamMembers(): { members: TeamMember[]; loading: boolean } {
  const team = useCurrentTeam();
  const teams = useTeams();
  const { locale } = useIntl();
  const members = useMemo(() => {
    const own = teams.data?.find((t) => t.id === team?.id)?.members ?? [];
    const collator = new Intl.Collator(locale, { sensitivity: 'base' });
    return [...own].sort((a, b) => collator.compare(a.displayName, b.displayName));
  }, [teams.data, team?.id, locale]);
  return { members, loading: teams.isPending };
}
