import { type OrganizationSettings, type OrganizationTier, type Service } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations } from '../../db/schema/organizations';
import { buildOrganization } from '../../test/factories';
import { getOrganizationSettings } from './index';
import { useTestApp } from '../../test/test-app';
import { organizationTestHelpers } from '../../test/organization-helpers';

/* The organisation's settings (read, changed by administrators), the services catalogue and the tier. */
const t = useTestApp();
const { call, buildOrganizationWithStaff, auditTrail } = organizationTestHelpers(t);

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
    const again = await call('PUT', '/api/organizations', adminHeaders, {
      options: { twilio: { webCallsEnabled: true } },
    });
    expect(again.json<OrganizationSettings>()).toMatchObject({
      name: 'Clinique du Parc',
      options: { twilio: { webCallsEnabled: true }, auth: { disallowLoginOutsideWorkHours: true } },
    });
    expect(await getOrganizationSettings(t.deps, org.id)).toEqual(again.json());
  });

  it('shows the name of the organisation’s own locale, and clears a field with empty text', async () => {
    const { adminHeaders } = await buildOrganizationWithStaff();
    await call('PUT', '/api/organizations', adminHeaders, {
      names: { 'fr-CA': 'Clinique', 'en-CA': 'Clinic' },
      website: 'clinique.ca',
    });
    const res = await call('PUT', '/api/organizations', adminHeaders, { locale: 'en-CA', website: '' });
    expect(res.json<OrganizationSettings>()).toMatchObject({
      name: 'Clinic',
      locale: 'en-CA',
      website: null,
    });
  });

  it('drops the services a new sector does not offer, and refuses unknown ones', async () => {
    const { adminHeaders } = await buildOrganizationWithStaff();
    await call('PUT', '/api/organizations', adminHeaders, { sector: 'dental', services: ['dental-exam'] });
    const moved = await call('PUT', '/api/organizations', adminHeaders, { sector: 'notary' });
    expect(moved.json<OrganizationSettings>().services).toEqual([]);
    const refused = await call('PUT', '/api/organizations', adminHeaders, {
      services: ['notary-wills', 'dental-exam'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation-failed',
      details: [{ path: 'services.1', message: 'service-not-in-sector' }],
    });
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
    expect(await getOrganizationSettings(t.deps, org.id)).toMatchObject({
      name: org.name,
      country: 'CA',
      website: null,
    });
    expect(await auditTrail(org.id)).toEqual([]);
  });

  it('accepts the URL rule’s forms: bare domain, www., http, https and ftp, with a path', async () => {
    const { adminHeaders } = await buildOrganizationWithStaff();
    for (const website of [
      'clinique.ca',
      'www.clinique.ca',
      'http://clinique.ca',
      'https://www.clinique.ca/fr?x=1',
      'ftp://fichiers.clinique.ca',
    ]) {
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
    expect(
      services.every(
        (s) => s.sector === 'dental' && s.labels['fr-CA'] && s.labels['en-CA'] && s.labels['fr-FR'],
      ),
    ).toBe(true);
    expect(services.find((s) => s.id === 'dental-cleaning')!.labels).toEqual({
      'fr-CA': 'Nettoyage dentaire',
      'en-CA': 'Dental cleaning',
      'fr-FR': 'Détartrage',
    });
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
    expect(res.json<OrganizationTier>()).toEqual({
      organizationId: org.id,
      permissions: null,
      outgoingCalls: true,
      extensionTransfer: false,
      multipleTeams: true,
    });
  });
  it.each([
    [[1, 2], { outgoingCalls: true, extensionTransfer: true, multipleTeams: true }],
    [[3], { outgoingCalls: false, extensionTransfer: false, multipleTeams: false }],
    [[], { outgoingCalls: false, extensionTransfer: false, multipleTeams: true }],
  ])('codes %j', async (permissions, allows) => {
    const { org, userHeaders } = await buildOrganizationWithStaff();
    await t.deps.db
      .update(organizations)
      .set({ tierPermissions: permissions })
      .where(eq(organizations.id, org.id));
    expect(
      (await call('GET', `/api/tiers/organization/${org.id}`, userHeaders)).json<OrganizationTier>(),
    ).toEqual({ organizationId: org.id, permissions, ...allows });
  });
  it('answers 404 for another organisation', async () => {
    const { userHeaders } = await buildOrganizationWithStaff();
    const other = await buildOrganization({ tierPermissions: [1] });
    expect((await call('GET', `/api/tiers/organization/${other.id}`, userHeaders)).statusCode).toBe(404);
  });
});
