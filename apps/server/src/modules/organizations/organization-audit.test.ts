import { defaultSchedule } from '@accueil/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { multipartLogo, organizationTestHelpers } from '../../test/organization-helpers';

/* What the organisations module writes to the audit log. */
const t = useTestApp();
const { call, buildOrganizationWithStaff, auditTrail } = organizationTestHelpers(t);

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
    await call('PUT', '/api/organizations', adminHeaders, {
      country: 'CA',
      options: { twilio: { webCallsEnabled: true } },
    });
    expect(
      (await call('PUT', '/api/organizations', userHeaders, { website: 'clinique.ca' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/api/organizations', adminHeaders, { phone: 'pas un numéro' })).statusCode,
    ).toBe(400);
    expect(await auditTrail(org.id)).toEqual([]);
  });

  it('records the organisation’s schedule and logo as settings changed (fields schedule, logo)', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    await call('PUT', `/api/organizations/${org.id}/schedule`, adminHeaders, defaultSchedule());
    const form = multipartLogo(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${org.id}/logo`,
      headers: { ...adminHeaders, ...form.headers },
      payload: form.payload,
    });
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
      {
        action: 'team.schedule-changed',
        actorUserId: admin.id,
        target: teamId,
        details: { follows: 'organization' },
      },
    ]);
  });
});
