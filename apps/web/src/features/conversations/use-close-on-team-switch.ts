import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentTeam } from '../../lib/session';

/**
 * Closes the open conversation when the current team changes (the team switcher, or any
 * other switch of the session's team): every conversation belongs to one team, so the one
 * open before the switch is out of reach after it — sending from it would fail and a reload of
 * its address would say it no longer exists. The address goes back to `/conversations`
 * (replacing the entry, so Back does not reopen it).
 */
export function useCloseOnTeamSwitch(openId: string | null): void {
  const teamId = useCurrentTeam()?.id ?? null;
  const navigate = useNavigate();
  const shownTeam = useRef(teamId);
  useEffect(() => {
    if (shownTeam.current === teamId) return;
    shownTeam.current = teamId;
    if (openId) void navigate('/conversations', { replace: true });
  }, [teamId, openId, navigate]);
}
