import { LOGIN_MAX_FAILURES } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

/*
 * Usernames are case-insensitive at sign-in, so the failure count is too: otherwise each
 * spelling of a username (agent, AGENT, Agent…) would get its own allowance of guesses.
 */

const t = useTestApp();

async function newUser() {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id, main: true });
  return buildUser({ organizationId: org.id, teamIds: [team.id] });
}

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

/** The username in a different case at each attempt: user-ab12, USER-AB12, User-ab12… */
const spelling = (username: string, i: number) =>
  [username.toLowerCase(), username.toUpperCase(), username[0]!.toUpperCase() + username.slice(1).toLowerCase()][i % 3]!;

describe('sign-in failures count per username whatever its case', () => {
  it('failures under different spellings add up, and the block holds for every spelling', async () => {
    const user = await newUser();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login(spelling(user.username, i), `wrong-${i}`)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(spelling(user.username, i), user.password)).statusCode).toBe(429);
  });

  it('a success under one spelling clears the failures made under others', async () => {
    const user = await newUser();
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await login(spelling(user.username, i), 'wrong');
    expect((await login(user.username.toUpperCase(), user.password)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect((await login(user.username.toLowerCase(), 'wrong')).statusCode).toBe(401);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });
});
