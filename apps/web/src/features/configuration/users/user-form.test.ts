import { describe, expect, it } from 'vitest';
import { signatureTemplate, userFormDefaults, userFormSchema } from './user-form';

const valid = {
  ...userFormDefaults(null),
  displayName: 'Dre Gagnon',
  firstName: 'Marie',
  lastName: 'Gagnon',
  username: 'mgagnon',
  email: 'm@clinique.test',
};
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('userFormSchema', () => {
  it('asks a new user for a password following the rules, then its confirmation', () => {
    expect(messages(userFormSchema(true).safeParse({ ...valid, password: 'abc' }))).toMatchObject({
      password: 'teamsUsers.password.password-length',
    });
    expect(
      messages(
        userFormSchema(true).safeParse({ ...valid, password: 'Passe-Secrete-1', confirmPassword: 'x' }),
      ),
    ).toMatchObject({
      confirmPassword: 'teamsUsers.password.password-does-not-match',
    });
    expect(
      userFormSchema(true).safeParse({
        ...valid,
        password: 'Passe-Secrete-1',
        confirmPassword: 'Passe-Secrete-1',
      }).success,
    ).toBe(true);
    expect(userFormSchema(false).safeParse(valid).success).toBe(true);
  });

  it('refuses a default team the user is not in, a malformed line, an empty personalised signature', () => {
    const r = userFormSchema(false).safeParse({
      ...valid,
      defaultTeamId: 't-1',
      phoneLine: 'a b',
      signatureMode: 'personalized-signature',
      signature: ' ',
    });
    expect(messages(r)).toEqual({
      defaultTeamId: 'teamsUsers.form.defaultTeamNotMember',
      phoneLine: 'teamsUsers.form.sipInvalid',
      signature: 'teamsUsers.form.required',
    });
  });
});

describe('signatureTemplate', () => {
  it("builds the clinic's and the user's signature", () => {
    const input = {
      organization: 'Clinique Démo',
      displayName: 'Dre Gagnon',
      profession: 'Dentiste',
      email: 'm@clinique.test',
    };
    expect(signatureTemplate('clinic', input)).toBe('Clinique Démo\nm@clinique.test');
    expect(signatureTemplate('user', input)).toBe('Dre Gagnon\nDentiste\nClinique Démo\nm@clinique.test');
  });
});
