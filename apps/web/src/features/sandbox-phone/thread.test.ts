import type { SandboxMessage } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { threadBetween } from './thread';

const text = (id: string, from: string, to: string, minute: number): SandboxMessage => ({
  id,
  from,
  to,
  body: id,
  direction: from.startsWith('+1514') ? 'from-phone' : 'to-phone',
  status: 'delivered',
  media: [],
  createdAt: `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('threadBetween', () => {
  it('keeps only the texts between the phone and the team number, oldest first', () => {
    const phone = '+15145550101';
    const team = '+15145550000';
    const items = [
      text('reply', team, phone, 5),
      text('first', phone, team, 1),
      text('other team', '+14385550000', phone, 3),
      text('to other team', phone, '+14385550000', 4),
    ];
    expect(threadBetween(items, phone, team).map((m) => m.id)).toEqual(['first', 'reply']);
  });
});
