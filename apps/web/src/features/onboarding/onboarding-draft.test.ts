import { describe, expect, it } from 'vitest';
import { draftIssues, newDraft, requestOf } from './onboarding-draft';

describe('the onboarding draft', () => {
  it("starts with a new organisation's defaults: group Principal, 09:00–17:00 Monday to Friday, an administrator in it", () => {
    const draft = newDraft('fr-CA', 'ABCD-EFGH-JKMN');
    expect(draft.teams).toEqual([{ label: 'Principal' }]);
    expect(draft.users).toEqual([expect.objectContaining({ role: 'admin', teams: ['Principal'] })]);
    expect(draft.schedule.filter((d) => d.enabled).map((d) => d.day)).toEqual([1, 2, 3, 4, 5]);
    expect(draft.schedule.every((d) => d.start === '09:00' && d.end === '17:00')).toBe(true);
    expect(draft.clinic).toMatchObject({ country: 'CA', timeZone: 'America/Toronto', locale: 'fr-CA' });
    expect(newDraft('fr-FR').clinic).toMatchObject({ country: 'FR', timeZone: 'Europe/Paris' });
  });

  it("reports only the step's problems, with the catalogue's message ids", () => {
    const draft = newDraft('en-CA', 'ABCD-EFGH-JKMN');
    expect(draftIssues(draft, ['invitationCode'])).toEqual([]);
    const clinic = draftIssues(draft, ['clinic']);
    expect(clinic.map((i) => i.path).sort()).toEqual(['clinic.name.en-CA', 'clinic.sector']);
    expect(clinic.every((i) => i.messageId === 'onboarding.issue.required')).toBe(true);
    const users = draftIssues(
      { ...draft, users: [{ ...draft.users[0]!, password: 'short', email: 'nope' }] },
      ['users'],
    );
    expect(users.filter((i) => i.path === 'users.0.password').map((i) => i.messageId)).toEqual(
      expect.arrayContaining([
        'onboarding.issue.password-length',
        'onboarding.issue.uppercase',
        'onboarding.issue.digit',
        'onboarding.issue.special-character',
      ]),
    );
    expect(users.find((i) => i.path === 'users.0.email')?.messageId).toBe('onboarding.issue.email-invalid');
  });

  it('says a group without an administrator on the users step, and drops empty names from the request', () => {
    const draft = newDraft('fr-CA', 'X');
    const withGroup = { ...draft, teams: [...draft.teams, { label: 'Hygiène' }] };
    expect(draftIssues(withGroup, ['users']).map((i) => i.messageId)).toContain(
      'onboarding.issue.team-needs-admin',
    );
    const named = {
      ...draft,
      clinic: { ...draft.clinic, name: { 'fr-CA': 'Clinique', 'en-CA': ' ', 'fr-FR': '' } },
    };
    expect(requestOf(named).clinic.name).toEqual({ 'fr-CA': 'Clinique' });
  });
});
