import { defaultSchedule, type OrganizationSettings, type OrganizationTier, type Schedule, type Service, type TeamSchedule } from '@accueil/domain';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { organizations } from '../../db/schema/organizations';
import { buildAdmin, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { getOrganizationSettings, getSchedulePeriod } from './index';

const t = useTestApp();

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
async function call(method: Method, url: string, headers: Record<string, string>, payload?: unknown) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** An administrator and a user of one new organisation (with its main team), and their headers. */
async function buildOrganizationWithStaff() {
  const admin = await buildAdmin();
  const [org] = await t.deps.db.select().from(organizations).where(eq(organizations.id, admin.organizationId));
  const user = await buildUser({ organizationId: admin.organizationId, teamIds: [admin.currentTeamId!] });
  return { org: org!, admin, user, adminHeaders: await signedInAs(admin), userHeaders: await signedInAs(user), teamId: admin.currentTeamId! };
}

/** A multipart body with one file field `logo` (the type is sniffed: the file name says nothing). */
const multipartLogo = (content: Buffer, filename = 'logo.png') => multipartFile('logo', filename, content);

/** The organisation's audit events, oldest first: action, target and details. */
async function auditTrail(organizationId: string) {
  const rows = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.organizationId, organizationId)).orderBy(asc(auditEvents.seq));
  return rows.map((r) => ({ action: r.action, actorUserId: r.actorUserId, target: r.targetId, details: r.details }));
}

describe('GET /api/organizations/:id', () => {
  it('answers the settings with their defaults to every member', async () => {
    const { org, userHeaders } = await buildOrganizationWithStaff();
    const res = await call('GET', `/api/organizations/${org.id}`, userHeaders);
    expect(res.statusCode).toBe(200);
    const body = res.json<OrganizationSettings>();
    expect(body).toMatchObject({
      id: org.id,
      name: org.name,
      names: { 'fr-CA': org.name },
      country: 'CA',
      sector: null,
      services: [],
      logoUrl: null,
      timeZone: 'America/Toronto',
      options: {
        twilio: { hasMultipleNumbers: false, webCallsEnabled: true },
        voiceQueue: { enabled: false, notification: false },
        auth: { disallowLoginOutsideWorkHours: false, disallowUserLoginOutsideOffice: false },
        endOlderSessionOnNewSignIn: true,
      },
    });
  });

  it('answers 404 for another organisation, as for one that does not exist', async () => {
    const { adminHeaders } = await buildOrganizationWithStaff();
    const other = await buildOrganization();
    for (const id of [other.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await call('GET', `/api/organizations/${id}`, adminHeaders);
      expect(res.statusCode).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('not-found');
    }
  });

  it('answers 401 without a session', async () => {
    const { org } = await buildOrganizationWithStaff();
    expect((await call('GET', `/api/organizations/${org.id}`, {})).statusCode).toBe(401);
  });
});

describe('PUT /api/organizations', () => {
  it('saves the settings an administrator changes and keeps the others', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const res = await call('PUT', '/api/organizations', adminHeaders, {
      names: { 'fr-CA': 'Clinique du Parc', 'en-CA': 'Park Clinic' },
      sector: 'dental',
      services: ['dental-exam', 'dental-cleaning', 'dental-exam'],
      website: 'www.cliniqueduparc.ca',
      phone: '514 555 0199',
      email: 'info@cliniqueduparc.ca',
      expertises: ['Orthodontie'],
      timeZone: 'America/Montreal',
      options: { twilio: { webCallsEnabled: false }, auth: { disallowLoginOutsideWorkHours: true } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<OrganizationSettings>();
    expect(body).toMatchObject({
      name: 'Clinique du Parc',
      names: { 'fr-CA': 'Clinique du Parc', 'en-CA': 'Park Clinic' },
      sector: 'dental',
      services: ['dental-exam', 'dental-cleaning'],
      website: 'www.cliniqueduparc.ca',
      phone: '+15145550199',
      email: 'info@cliniqueduparc.ca',
      expertises: ['Orthodontie'],
      timeZone: 'America/Montreal',
      options: {
        twilio: { hasMultipleNumbers: false, webCallsEnabled: false },
        auth: { disallowLoginOutsideWorkHours: true, disallowUserLoginOutsideOffice: false },
        endOlderSessionOnNewSignIn: true,
      },
    });
    // The spec's own call: only webCallsEnabled.
    const again = await call('PUT', '/api/organizations', adminHeaders, { options: { twilio: { webCallsEnabled: true } } });
    expect(again.json<OrganizationSettings>()).toMatchObject({ name: 'Clinique du Parc', options: { twilio: { webCallsEnabled: true }, auth: { disallowLoginOutsideWorkHours: true } } });
    expect(await getOrganizationSettings(t.deps, org.id)).toEqual(again.json());
  });

  it('shows the name of the organisation’s own locale, and clears a field with empty text', async () => {
    const { adminHeaders } = await buildOrganizationWithStaff();
    await call('PUT', '/api/organizations', adminHeaders, { names: { 'fr-CA': 'Clinique', 'en-CA': 'Clinic' }, website: 'clinique.ca' });
    const res = await call('PUT', '/api/organizations', adminHeaders, { locale: 'en-CA', website: '' });
    expect(res.json<OrganizationSettings>()).toMatchObject({ name: 'Clinic', locale: 'en-CA', website: null });
  });

  it('drops the services a new sector does not offer, and refuses unknown ones', async () => {
    const { adminHeaders } = await buildOrganizationWithStaff();
    await call('PUT', '/api/organizations', adminHeaders, { sector: 'dental', services: ['dental-exam'] });
    const moved = await call('PUT', '/api/organizations', adminHeaders, { sector: 'notary' });
    expect(moved.json<OrganizationSettings>().services).toEqual([]);
    const refused = await call('PUT', '/api/organizations', adminHeaders, { services: ['notary-wills', 'dental-exam'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation-failed', details: [{ path: 'services.1', message: 'service-not-in-sector' }] });
  });

  it.each([
    [{ website: 'not a url' }, 'website', 'url-invalid'],
    [{ website: 'javascript:alert(1)' }, 'website', 'url-invalid'],
    [{ email: 'nope@' }, 'email', 'email-invalid'],
    [{ email: 'info.clinique.ca' }, 'email', 'email-invalid'],
    [{ country: 'DE' }, 'country', 'country-unsupported'],
    [{ sector: 'astrology' }, 'sector', 'sector-unknown'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'time-zone-invalid'],
    [{ names: { 'fr-CA': '   ' } }, 'names.fr-CA', 'required'],
    [{ names: { 'en-CA': 'Clinic' } }, 'names.fr-CA', undefined],
    [{ names: { 'fr-CA': 'x'.repeat(121) } }, 'names.fr-CA', 'max-length'],
    [{ expertises: ['  '] }, 'expertises.0', 'required'],
    [{ expertises: ['Implants', 'x'.repeat(81)] }, 'expertises.1', 'max-length'],
    [{ address: 'x'.repeat(256) }, 'address', 'max-length'],
    [{ options: { twilio: { webCallsEnabled: 'yes' } } }, 'options.twilio.webCallsEnabled', undefined],
  ])('refuses %j (400, the field named, nothing changed or logged)', async (body, path, message) => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const res = await call('PUT', '/api/organizations', adminHeaders, body);
    expect(res.statusCode).toBe(400);
    const error = res.json<{ code: string; details: { path: string; message: string }[] }>();
    expect(error.code).toBe('validation-failed');
    const issue = error.details.find((d) => d.path === path);
    expect(issue).toBeDefined();
    if (message) expect(issue!.message).toBe(message);
    expect(await getOrganizationSettings(t.deps, org.id)).toMatchObject({ name: org.name, country: 'CA', website: null });
    expect(await auditTrail(org.id)).toEqual([]);
  });

  it('accepts the URL rule’s forms: bare domain, www., http, https and ftp, with a path', async () => {
    const { adminHeaders } = await buildOrganizationWithStaff();
    for (const website of ['clinique.ca', 'www.clinique.ca', 'http://clinique.ca', 'https://www.clinique.ca/fr?x=1', 'ftp://fichiers.clinique.ca']) {
      const res = await call('PUT', '/api/organizations', adminHeaders, { website });
      expect(res.statusCode, website).toBe(200);
      expect(res.json<OrganizationSettings>().website).toBe(website);
    }
  });

  it('refuses a phone that is not a number', async () => {
    const { adminHeaders } = await buildOrganizationWithStaff();
    const res = await call('PUT', '/api/organizations', adminHeaders, { phone: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('phone-invalid');
  });

  it('answers 403 to a user who is not an administrator, and changes nothing', async () => {
    const { org, userHeaders } = await buildOrganizationWithStaff();
    const res = await call('PUT', '/api/organizations', userHeaders, { names: { 'fr-CA': 'Piraté' } });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ code: string }>().code).toBe('forbidden');
    expect((await getOrganizationSettings(t.deps, org.id))!.name).toBe(org.name);
  });
});

describe('GET /api/services', () => {
  it('lists a sector’s services with their labels in every locale', async () => {
    const { userHeaders } = await buildOrganizationWithStaff();
    const res = await call('GET', '/api/services?sector=dental', userHeaders);
    expect(res.statusCode).toBe(200);
    const services = res.json<Service[]>();
    expect(services.length).toBeGreaterThan(3);
    expect(services.every((s) => s.sector === 'dental' && s.labels['fr-CA'] && s.labels['en-CA'] && s.labels['fr-FR'])).toBe(true);
    expect(services.find((s) => s.id === 'dental-cleaning')!.labels).toEqual({ 'fr-CA': 'Nettoyage dentaire', 'en-CA': 'Dental cleaning', 'fr-FR': 'Détartrage' });
  });
  it('refuses an unknown sector', async () => {
    const { userHeaders } = await buildOrganizationWithStaff();
    expect((await call('GET', '/api/services?sector=astrology', userHeaders)).statusCode).toBe(400);
  });
});

describe('GET /api/tiers/organization/:id', () => {
  it('without tier data: outgoing calls allowed, no transfer to extensions, several teams', async () => {
    const { org, userHeaders } = await buildOrganizationWithStaff();
    const res = await call('GET', `/api/tiers/organization/${org.id}`, userHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.json<OrganizationTier>()).toEqual({ organizationId: org.id, permissions: null, outgoingCalls: true, extensionTransfer: false, multipleTeams: true });
  });
  it.each([
    [[1, 2], { outgoingCalls: true, extensionTransfer: true, multipleTeams: true }],
    [[3], { outgoingCalls: false, extensionTransfer: false, multipleTeams: false }],
    [[], { outgoingCalls: false, extensionTransfer: false, multipleTeams: true }],
  ])('codes %j', async (permissions, allows) => {
    const { org, userHeaders } = await buildOrganizationWithStaff();
    await t.deps.db.update(organizations).set({ tierPermissions: permissions }).where(eq(organizations.id, org.id));
    expect((await call('GET', `/api/tiers/organization/${org.id}`, userHeaders)).json<OrganizationTier>()).toEqual({ organizationId: org.id, permissions, ...allows });
  });
  it('answers 404 for another organisation', async () => {
    const { userHeaders } = await buildOrganizationWithStaff();
    const other = await buildOrganization({ tierPermissions: [1] });
    expect((await call('GET', `/api/tiers/organization/${other.id}`, userHeaders)).statusCode).toBe(404);
  });
});

describe('organisation schedule', () => {
  const lunch = (): Schedule => {
    const s = defaultSchedule();
    for (const day of s.week) if (day.enabled) day.breaks = [{ start: '12:00', end: '13:00' }];
    s.vacations = [{ start: '2026-12-24', end: '2026-12-26', label: 'Fêtes' }];
    return s;
  };

  it('reads the default schedule, then what an administrator saves', async () => {
    const { org, adminHeaders, userHeaders } = await buildOrganizationWithStaff();
    expect((await call('GET', `/api/organizations/${org.id}/schedule`, userHeaders)).json()).toEqual(defaultSchedule());
    const saved = await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, lunch());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(lunch());
    expect((await call('GET', `/api/organizations/${org.id}/schedule`, userHeaders)).json()).toEqual(lunch());
  });

  it('refuses a schedule breaking the rules, one issue per problem', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const s = lunch();
    s.week[1] = { ...s.week[1]!, start: '18:00', end: '08:00' };
    s.week[2] = { ...s.week[2]!, breaks: [{ start: '12:00', end: '13:00' }, { start: '12:30', end: '14:00' }] };
    s.week[3] = { ...s.week[3]!, breaks: [{ start: '16:30', end: '17:30' }] };
    const res = await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, s);
    expect(res.statusCode).toBe(400);
    const issues = res.json<{ details: { path: string; message: string }[] }>().details.map((d) => `${d.path}: ${d.message}`);
    expect(issues).toEqual(expect.arrayContaining(['week.1.end: schedule-start-after-end', 'week.2.breaks.1: schedule-breaks-overlap', 'week.3.breaks.0: schedule-break-outside-hours']));
  });

  it('answers 403 to a user and 404 for another organisation', async () => {
    const { org, adminHeaders, userHeaders } = await buildOrganizationWithStaff();
    expect((await call('PUT', `/api/organizations/${org.id}/schedule`, userHeaders, lunch())).statusCode).toBe(403);
    const other = await buildOrganization();
    expect((await call('GET', `/api/organizations/${other.id}/schedule`, adminHeaders)).statusCode).toBe(404);
    expect((await call('PUT', `/api/organizations/${other.id}/schedule`, adminHeaders, lunch())).statusCode).toBe(404);
    expect((await call('GET', `/api/organizations/${other.id}/schedule`, adminHeaders)).statusCode).toBe(404);
  });
});

describe('team schedule', () => {
  const early = (): Schedule => {
    const s = defaultSchedule();
    for (const day of s.week) day.start = '07:30';
    s.vacations = [{ start: '2026-07-01', end: '2026-07-10' }];
    return s;
  };

  it('follows the organisation’s until it has its own, and again after null', async () => {
    const { org, adminHeaders, userHeaders, teamId } = await buildOrganizationWithStaff();
    const orgSchedule = { ...defaultSchedule(), vacations: [{ start: '2026-12-24', end: '2026-12-26' }] };
    await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, orgSchedule);

    const initial = await call('GET', `/api/teams/${teamId}/schedule`, userHeaders);
    expect(initial.json<TeamSchedule>()).toEqual({ teamId, schedule: null, effective: orgSchedule, timeZone: 'America/Toronto' });

    const own = await call('PUT', `/api/teams/${teamId}/schedule`, adminHeaders, { schedule: early() });
    expect(own.statusCode).toBe(200);
    const body = own.json<TeamSchedule>();
    expect(body.schedule).toEqual(early());
    expect(body.effective.week).toEqual(early().week);
    expect(body.effective.vacations).toEqual([...orgSchedule.vacations, ...early().vacations]);

    const back = await call('PUT', `/api/teams/${teamId}/schedule`, adminHeaders, { schedule: null });
    expect(back.json<TeamSchedule>()).toMatchObject({ schedule: null, effective: orgSchedule });
  });

  it('answers 403 to a user, 404 for another organisation’s team (to an administrator too)', async () => {
    const { adminHeaders, userHeaders, teamId } = await buildOrganizationWithStaff();
    expect((await call('PUT', `/api/teams/${teamId}/schedule`, userHeaders, { schedule: early() })).statusCode).toBe(403);
    const otherTeam = await buildTeam();
    expect((await call('GET', `/api/teams/${otherTeam.id}/schedule`, adminHeaders)).statusCode).toBe(404);
    expect((await call('PUT', `/api/teams/${otherTeam.id}/schedule`, adminHeaders, { schedule: early() })).statusCode).toBe(404);
    expect((await call('PUT', `/api/teams/${otherTeam.id}/schedule`, userHeaders, { schedule: early() })).statusCode).toBe(404);
  });
});

describe('getSchedulePeriod', () => {
  it('reads the team’s schedule in the organisation’s time zone, falling back to the organisation’s', async () => {
    const { org, adminHeaders, teamId } = await buildOrganizationWithStaff();
    await call('PUT', '/api/organizations', adminHeaders, { timeZone: 'Europe/Paris' });
    const orgSchedule = defaultSchedule();
    orgSchedule.week[3]!.breaks = [{ start: '12:00', end: '13:00' }];
    await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, orgSchedule);
    // Wednesday 14 January 2026, 11:00 UTC = 12:00 in Paris: the organisation's lunch break.
    const noon = new Date('2026-01-14T11:00:00Z');
    expect(await getSchedulePeriod(t.deps, org.id, teamId, noon)).toMatchObject({ period: 'BREAK', next: { period: 'OPEN', at: new Date('2026-01-14T12:00:00Z') }, timeZone: 'Europe/Paris' });
    expect((await getSchedulePeriod(t.deps, org.id, null, noon))!.period).toBe('BREAK');
    // The team's own week has no break.
    await call('PUT', `/api/teams/${teamId}/schedule`, adminHeaders, { schedule: defaultSchedule() });
    expect((await getSchedulePeriod(t.deps, org.id, teamId, noon))!.period).toBe('OPEN');
    // Another organisation's team reads as the organisation's own schedule.
    const otherTeam = await buildTeam();
    expect((await getSchedulePeriod(t.deps, org.id, otherTeam.id, noon))!.period).toBe('BREAK');
    expect(await getSchedulePeriod(t.deps, '00000000-0000-4000-8000-000000000000', null, noon)).toBeNull();
  });
});

describe('logo', () => {
  const png = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: '#2a6f97' } }).png().toBuffer();

  it('stores an uploaded image resized, serves it, and removes it', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const form = multipartLogo(await png(1200, 600), 'logo.png');
    const res = await t.app.inject({ method: 'POST', url: `/api/organizations/${org.id}/logo`, headers: { ...adminHeaders, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const { logoUrl } = res.json<OrganizationSettings>();
    expect(logoUrl).toMatch(new RegExp(`^/logos/${org.id}\\?v=\\d+$`));

    const image = await t.app.inject({ method: 'GET', url: logoUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 256]);

    const removed = await call('DELETE', `/api/organizations/${org.id}/logo`, adminHeaders);
    expect(removed.json<OrganizationSettings>().logoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/logos/${org.id}` })).statusCode).toBe(404);
  });

  it('keeps a small image its size', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const form = multipartLogo(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).jpeg().toBuffer(), 'logo.jpg');
    const res = await t.app.inject({ method: 'POST', url: `/api/organizations/${org.id}/logo`, headers: { ...adminHeaders, ...form.headers }, payload: form.payload });
    const image = await t.app.inject({ method: 'GET', url: res.json<OrganizationSettings>().logoUrl! });
    expect((await sharp(image.rawPayload).metadata()).width).toBe(64);
  });

  it('sniffs the content: an SVG, or a text named .png, is refused with 415', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [content, name] of [[svg, 'logo.svg'], [Buffer.from('hello, not an image'), 'logo.png']] as const) {
      const form = multipartLogo(content, name);
      const res = await t.app.inject({ method: 'POST', url: `/api/organizations/${org.id}/logo`, headers: { ...adminHeaders, ...form.headers }, payload: form.payload });
      expect(res.statusCode).toBe(415);
      expect(res.json<{ code: string }>().code).toBe('unsupported-media-type');
    }
  });

  it('refuses a file over the size limit with 413', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2_100_000)]);
    const form = multipartLogo(big);
    const res = await t.app.inject({ method: 'POST', url: `/api/organizations/${org.id}/logo`, headers: { ...adminHeaders, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ code: string }>().code).toBe('payload-too-large');
  });

  it('answers 403 to a user and 404 for another organisation', async () => {
    const { org, adminHeaders, userHeaders } = await buildOrganizationWithStaff();
    const form = multipartLogo(await png(10, 10));
    expect((await t.app.inject({ method: 'POST', url: `/api/organizations/${org.id}/logo`, headers: { ...userHeaders, ...form.headers }, payload: form.payload })).statusCode).toBe(403);
    const other = await buildOrganization();
    expect((await t.app.inject({ method: 'POST', url: `/api/organizations/${other.id}/logo`, headers: { ...adminHeaders, ...form.headers }, payload: form.payload })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/organizations/${other.id}/logo`, adminHeaders)).statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('records a settings change with the names of the fields that changed, never their values', async () => {
    const { org, admin, adminHeaders } = await buildOrganizationWithStaff();
    await call('PUT', '/api/organizations', adminHeaders, {
      website: 'www.cliniqueduparc.ca',
      phone: '514 555 0199',
      options: { auth: { disallowLoginOutsideWorkHours: true }, twilio: { webCallsEnabled: true } },
    });
    const trail = await auditTrail(org.id);
    expect(trail).toEqual([
      {
        action: 'organization.settings-changed',
        actorUserId: admin.id,
        target: org.id,
        details: { fields: ['options.auth.disallowLoginOutsideWorkHours', 'phone', 'website'] },
      },
    ]);
    expect(JSON.stringify(trail)).not.toMatch(/cliniqueduparc|5550199/);
  });

  it('records nothing for a change that changes nothing, or one that is refused', async () => {
    const { org, adminHeaders, userHeaders } = await buildOrganizationWithStaff();
    await call('PUT', '/api/organizations', adminHeaders, { country: 'CA', options: { twilio: { webCallsEnabled: true } } });
    expect((await call('PUT', '/api/organizations', userHeaders, { website: 'clinique.ca' })).statusCode).toBe(403);
    expect((await call('PUT', '/api/organizations', adminHeaders, { phone: 'pas un numéro' })).statusCode).toBe(400);
    expect(await auditTrail(org.id)).toEqual([]);
  });

  it('records the organisation’s schedule and logo as settings changed (fields schedule, logo)', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, defaultSchedule());
    const form = multipartLogo(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer());
    await t.app.inject({ method: 'POST', url: `/api/organizations/${org.id}/logo`, headers: { ...adminHeaders, ...form.headers }, payload: form.payload });
    await call('DELETE', `/api/organizations/${org.id}/logo`, adminHeaders);
    // Removing a logo that is not there changes nothing.
    await call('DELETE', `/api/organizations/${org.id}/logo`, adminHeaders);
    expect((await auditTrail(org.id)).map((e) => [e.action, e.details])).toEqual([
      ['organization.settings-changed', { fields: ['schedule'] }],
      ['organization.settings-changed', { fields: ['logo'] }],
      ['organization.settings-changed', { fields: ['logo'] }],
    ]);
  });

  it('records a team’s schedule set and given back to the organisation’s, naming the team', async () => {
    const { org, admin, adminHeaders, teamId } = await buildOrganizationWithStaff();
    await call('PUT', `/api/teams/${teamId}/schedule`, adminHeaders, { schedule: defaultSchedule() });
    await call('PUT', `/api/teams/${teamId}/schedule`, adminHeaders, { schedule: null });
    expect(await auditTrail(org.id)).toEqual([
      { action: 'team.schedule-changed', actorUserId: admin.id, target: teamId, details: { follows: 'own' } },
      { action: 'team.schedule-changed', actorUserId: admin.id, target: teamId, details: { follows: 'organization' } },
    ]);
  });
});
