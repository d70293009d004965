import { describe, expect, it } from 'vitest';
import { insertMention, matchMembers, mentionQueryAt, mentionsKept } from './mention-query';

const members = [
  { id: 'a', name: 'Émilie Roy' },
  { id: 'b', name: 'Luc Gagnon' },
  { id: 'c', name: 'Marie Tremblay' },
];

describe('mentions in a note', () => {
  it('finds the @ being typed before the caret, not one inside a word', () => {
    expect(mentionQueryAt('Bonjour @Lu', 11)).toEqual({ query: 'Lu', start: 8 });
    expect(mentionQueryAt('@', 1)).toEqual({ query: '', start: 0 });
    expect(mentionQueryAt('marie@clinique', 14)).toBeNull();
    expect(mentionQueryAt('@Luc Gagnon est là', 18)).toBeNull();
    expect(mentionQueryAt('Bonjour @Lu et', 11)).toEqual({ query: 'Lu', start: 8 });
  });

  it('matches a word of the name, accents and case ignored', () => {
    expect(matchMembers(members, 'emi').map((m) => m.id)).toEqual(['a']);
    expect(matchMembers(members, 'TREM').map((m) => m.id)).toEqual(['c']);
    expect(matchMembers(members, '').map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(matchMembers(members, 'x')).toEqual([]);
  });

  it('replaces the typed @ by the name and keeps only the mentions still named when sent', () => {
    expect(insertMention('Voir @lu demain', { start: 5, query: 'lu' }, 'Luc Gagnon')).toEqual({
      text: 'Voir @Luc Gagnon  demain',
      caret: 17,
    });
    expect(mentionsKept('@Luc Gagnon et @Luc Gagnon', [members[1]!, members[2]!])).toEqual(['b']);
  });
});
