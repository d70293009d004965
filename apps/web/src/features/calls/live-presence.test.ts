import type { TransferTargets } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { withPresence } from './live-presence';

const SOPHIE = '33333333-3333-4333-8333-333333333333';
const user = (status: 'online' | 'offline') => ({
  id: SOPHIE,
  displayName: 'Sophie Gagnon',
  status,
  sipUsername: null,
});
const targets: TransferTargets = {
  teams: [
    { id: '11111111-1111-4111-8111-111111111111', label: 'Principal', users: [user('offline')] },
    { id: '22222222-2222-4222-8222-222222222222', label: 'Réception', users: [user('offline')] },
  ],
  sipLines: [{ username: 'poste.12', displayName: null }],
};

describe('transfer targets kept live', () => {
  it("changes the user's presence in every team listing them; the same object when nothing changes", () => {
    const next = withPresence(targets, { userId: SOPHIE, status: 'online' });
    expect(next.teams.map((t) => t.users[0]!.status)).toEqual(['online', 'online']);
    expect(next.sipLines).toEqual(targets.sipLines);
    expect(targets.teams[0]!.users[0]!.status).toBe('offline');
    expect(withPresence(next, { userId: SOPHIE, status: 'online' })).toBe(next);
    expect(withPresence(targets, { userId: '44444444-4444-4444-8444-444444444444', status: 'busy' })).toBe(
      targets,
    );
  });
});
