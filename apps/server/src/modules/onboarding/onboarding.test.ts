import {
  REFRESH_COOKIE_NAME,
  defaultWeek,
  type InvitationCode,
  type LoginResponse,
  type OnboardingRequest,
} from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { organizations } from '../../db/schema/organizations';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { authHeader, buildUser, signIn } from '../../test/factories';
import { invitationCodeRequests } from '../../test/invitation-code-requests';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

const { devopsHeaders, newCode } = invitationCodeRequests(t);

const unique = () => crypto.randomUUID().slice(0, 8);

function request(code: string, over: Partial<OnboardingRequest> = {}): OnboardingRequest {
  const id = unique();
  return {
    invitationCode: code,
    clinic: {
      name: { 'fr-CA': `Clinique ${id}`, 'en-CA': `Clinic ${id}` },
      locale: 'fr-CA',
      country: 'CA',
      sector: 'dental',
      services: ['cleaning'],
      timeZone: 'America/Montreal',
    },
    teams: [{ label: 'Principal' }, { label: 'Hygiène' }],
    users: [
      {
        firstName: 'Alice',
        lastName: 'Admin',
        username: `alice-${id}`,
        email: `alice-${id}@example.test`,
        password: 'Secret-pass-1',
        role: 'admin',
        teams: ['Principal', 'Hygiène'],
      },
      {
        firstName: 'Bob',
        lastName: 'Agent',
        username: `bob-${id}`,
        email: `bob-${id}@example.test`,
        password: 'Secret-pass-2',
        role: 'user',
        teams: ['Hygiène'],
      },
    ],
    schedule: defaultWeek(),
    ...over,
  };
}

const onboard = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/onboarding', payload: payload as object });

describe('POST /api/onboarding', () => {
  it('creates the organisation, its teams and users, uses the code, and signs the administrator in', async () => {
    const code = await newCode();
    const body = request(code.code);
    const res = await onboard(body);
    expect(res.statusCode).toBe(201);
    const login = res.json<LoginResponse>();
    expect(login.user).toMatchObject({ username: body.users[0]!.username, role: 'admin', locale: 'fr-CA' });
    expect(login.organization).toMatchObject({
      name: body.clinic.name['fr-CA'],
      country: 'CA',
      timeZone: 'America/Montreal',
      locale: 'fr-CA',
    });
    expect(login.userGroup).toMatchObject({ label: 'Principal', main: true });
    expect(login.userGroups.map((g) => g.label).sort()).toEqual(['Hygiène', 'Principal']);
    expect(login.abilities['configuration.edit']).toBe(true);
    expect(res.cookies.some((c) => c.name === REFRESH_COOKIE_NAME)).toBe(true);

    // The session works, and the second user can sign in to their team.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: authHeader(login.jwt),
    });
    expect(profile.statusCode).toBe(200);
    const bob = await signIn(t.app, { username: body.users[1]!.username, password: 'Secret-pass-2' });
    expect(bob.body.userGroup?.label).toBe('Hygiène');
    expect(bob.body.user.role).toBe('user');

    const orgId = login.organization.id;
    const members = await t.deps.db
      .select({ team: teams.label, user: users.username })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.organizationId, orgId));
    expect(members.map((m) => `${m.team}:${m.user.split('-')[0]}`).sort()).toEqual([
      'Hygiène:alice',
      'Hygiène:bob',
      'Principal:alice',
    ]);

    // The code is used: listed with the organisation, refused the second time.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/devops/invitation-codes',
      headers: await devopsHeaders(),
    });
    expect(list.json<{ items: InvitationCode[] }>().items.find((i) => i.id === code.id)).toMatchObject({
      status: 'used',
      organization: { id: orgId, name: body.clinic.name['fr-CA'] },
    });
    // The settings keep what the wizard asked: names, sector, services, week.
    const [stored] = await t.deps.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(stored).toMatchObject({
      names: body.clinic.name,
      sector: 'dental',
      services: ['cleaning'],
      schedule: { week: body.schedule, vacations: [] },
    });
    // The new organisation's audit log starts with its onboarding, by its administrator.
    await deliverRecordedEvents(t.deps, orgId);
    const events = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.organizationId, orgId));
    expect(events.map((e) => e.action)).toContain('organization.onboarded');
    expect(events.find((e) => e.action === 'organization.onboarded')).toMatchObject({
      actorUserId: login.user.id,
      actorName: 'Alice Admin',
      targetId: orgId,
      details: { invitationCodeId: code.id },
    });

    const again = await onboard(request(code.code));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'invitation-code-invalid',
      message: 'The invitation code is invalid. Please check and try again.',
    });
  });

  it('accepts the code typed in lower case, with spaces instead of hyphens', async () => {
    const code = await newCode();
    const res = await onboard(request(`  ${code.code.toLowerCase().replace(/-/g, ' ')} `));
    expect(res.statusCode).toBe(201);
  });

  it('refuses an unknown, expired or revoked code with the same answer, and creates nothing', async () => {
    const expired = await newCode(1);
    const revoked = await newCode();
    const devops = await devopsHeaders();
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/devops/invitation-codes/${revoked.id}`,
          headers: devops,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/devops/invitation-codes/${revoked.id}`,
          headers: devops,
        })
      ).statusCode,
    ).toBe(404);
    const { invitationCodes } = await import('../../db/schema/invitation-codes');
    await t.deps.db
      .update(invitationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitationCodes.id, expired.id));
    for (const code of ['ABCD-EFGH-JKMN', expired.code, revoked.code]) {
      const body = request(code);
      const res = await onboard(body);
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invitation-code-invalid' });
      expect(
        await t.deps.db
          .select()
          .from(organizations)
          .where(eq(organizations.name, body.clinic.name['fr-CA']!)),
      ).toEqual([]);
      const check = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding/invitation-codes/check',
        payload: { code },
      });
      expect(check.statusCode).toBe(400);
    }
  });

  it('rolls everything back when a username is taken in any organisation (409) or an e-mail twice (400), leaving the code open', async () => {
    const code = await newCode();
    const existing = await buildUser();
    const body = request(code.code);
    body.users[1]!.username = existing.username.toUpperCase();
    const res = await onboard(body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'username-taken',
      details: { username: existing.username.toUpperCase() },
    });
    expect(
      await t.deps.db.select().from(organizations).where(eq(organizations.name, body.clinic.name['fr-CA']!)),
    ).toEqual([]);
    // E-mails are unique within an organisation: two of the wizard's users cannot share one.
    const emailTaken = request(code.code);
    emailTaken.users[1]!.email = emailTaken.users[0]!.email.toUpperCase();
    const sameEmail = await onboard(emailTaken);
    expect(sameEmail.statusCode).toBe(400);
    expect(JSON.stringify(sameEmail.json())).toContain('email-taken');
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/invitation-codes/check',
      payload: { code: code.code },
    });
    expect(check.json()).toEqual({ valid: true });
  });

  it('validates the wizard: first user administrator, unique labels, known teams, a team with an administrator, password rules, country, time zone, schedule', async () => {
    const code = await newCode();
    const base = request(code.code);
    const cases: [string, OnboardingRequest][] = [
      ['first user not admin', { ...base, users: [{ ...base.users[1]!, teams: ['Principal', 'Hygiène'] }] }],
      ['duplicate team label', { ...base, teams: [{ label: 'Principal' }, { label: ' principal ' }] }],
      [
        'unknown team',
        { ...base, users: [{ ...base.users[0]!, teams: ['Principal', 'Hygiène', 'Nulle part'] }] },
      ],
      [
        'team without administrator',
        { ...base, users: [{ ...base.users[0]!, teams: ['Principal'] }, base.users[1]!] },
      ],
      ['weak password', { ...base, users: [{ ...base.users[0]!, password: 'short' }] }],
      ['unsupported country', { ...base, clinic: { ...base.clinic, country: 'DE' as 'CA' } }],
      ['unknown time zone', { ...base, clinic: { ...base.clinic, timeZone: 'Mars/Olympus' } }],
      [
        'no name in its own locale',
        { ...base, clinic: { ...base.clinic, name: { 'en-CA': 'Only English' } } },
      ],
      [
        'closing before opening',
        { ...base, schedule: defaultWeek().map((d) => (d.day === 1 ? { ...d, start: '18:00' } : d)) },
      ],
      [
        'overlapping breaks',
        {
          ...base,
          schedule: defaultWeek().map((d) =>
            d.day === 2
              ? {
                  ...d,
                  breaks: [
                    { start: '12:00', end: '13:00' },
                    { start: '12:30', end: '13:30' },
                  ],
                }
              : d,
          ),
        },
      ],
      [
        'a break outside the hours',
        {
          ...base,
          schedule: defaultWeek().map((d) =>
            d.day === 3 ? { ...d, breaks: [{ start: '08:00', end: '09:30' }] } : d,
          ),
        },
      ],
    ];
    for (const [what, body] of cases) {
      const res = await onboard(body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ code: 'validation-failed' });
    }
    // The defaults: a team "Principal" and the 09:00–17:00 weekday schedule when left out.
    const { teams: _teams, schedule: _schedule, ...minimal } = base;
    const res = await onboard({ ...minimal, users: [{ ...base.users[0]!, teams: ['Principal'] }] });
    expect(res.statusCode).toBe(201);
    expect(res.json<LoginResponse>().userGroups.map((g) => g.label)).toEqual(['Principal']);
  });
});
