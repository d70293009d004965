import type { PhoneSettings, SipUser, TransferExtension } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { deliverRecordedEvents } from '../../test/domain-event-helpers';
import { buildTeam } from '../../test/factories';
import { issues, phoneSettingsRequests } from '../../test/phone-settings-requests';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
const { call, setup } = phoneSettingsRequests(t);

describe('phone settings', () => {
  it('have their defaults, are changed by administrators only (in part), audited, and refused to members', async () => {
    const { team, admin, member } = await setup();
    const initial = (await call(admin, 'GET', '/api/phone-settings')).json<PhoneSettings>();
    expect(initial).toEqual({
      incomingCallsEnabled: true,
      queueMessage: null,
      queueRepeatPauseSeconds: 30,
      parkSlots: 3,
      sipDomain: null,
      teamQueues: [],
    });
    const saved = await call(admin, 'PUT', '/api/phone-settings', {
      queueMessage: '  Merci de patienter.  ',
      queueRepeatPauseSeconds: 45,
      sipDomain: 'Clinique.SIP.example.com',
      teamQueues: [{ teamId: team.id, enabled: true }],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PhoneSettings>()).toEqual({
      incomingCallsEnabled: true,
      queueMessage: 'Merci de patienter.',
      queueRepeatPauseSeconds: 45,
      parkSlots: 3,
      sipDomain: 'clinique.sip.example.com',
      teamQueues: [{ teamId: team.id, enabled: true }],
    });
    const followed = (
      await call(admin, 'PUT', '/api/phone-settings', {
        queueMessage: '',
        teamQueues: [{ teamId: team.id, enabled: null }],
      })
    ).json<PhoneSettings>();
    expect(followed).toMatchObject({ queueMessage: null, queueRepeatPauseSeconds: 45, teamQueues: [] });
    expect((await call(member, 'GET', '/api/phone-settings')).statusCode).toBe(403);
    expect((await call(member, 'PUT', '/api/phone-settings', { parkSlots: 2 })).statusCode).toBe(403);
    await deliverRecordedEvents(t.deps, admin.organizationId);
    const audit = (await call(admin, 'GET', '/api/audit-events?action=phone-settings.changed')).json<{
      items: { action: string; details: { fields?: string[] } }[];
    }>();
    expect(
      audit.items.filter((e) => e.action === 'phone-settings.changed').map((e) => e.details.fields?.length),
    ).toEqual([2, 4]);
  });

  it('refuse each rule with its code: pause in seconds, park slots, SIP domain, message length, and a team of another organisation', async () => {
    const { admin } = await setup();
    const refusal = async (payload: object) => {
      const answer = await call(admin, 'PUT', '/api/phone-settings', payload);
      expect(answer.statusCode).toBe(400);
      return issues(answer).details?.map((d) => [d.path, d.message]);
    };
    expect(await refusal({ queueRepeatPauseSeconds: 2 })).toEqual([
      ['queueRepeatPauseSeconds', 'number-invalid'],
    ]);
    expect(await refusal({ queueRepeatPauseSeconds: 12.5 })).toEqual([
      ['queueRepeatPauseSeconds', 'number-invalid'],
    ]);
    expect(await refusal({ parkSlots: 21 })).toEqual([['parkSlots', 'number-invalid']]);
    expect(await refusal({ sipDomain: 'not a domain' })).toEqual([['sipDomain', 'sip-domain-invalid']]);
    expect(await refusal({ queueMessage: 'x'.repeat(501) })).toEqual([['queueMessage', 'max-length']]);
    const stranger = await buildTeam();
    expect(
      (
        await call(admin, 'PUT', '/api/phone-settings', {
          teamQueues: [{ teamId: stranger.id, enabled: true }],
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('transfer extensions', () => {
  it('are listed for every member, managed by administrators, with the number in E.164 and 0 to 3 digits of extension', async () => {
    const { admin, member } = await setup();
    const bad = await call(admin, 'POST', '/api/transfer-extension', {
      name: 'Labo',
      phoneNumber: '514 555 0100',
      extension: '1234',
    });
    expect(bad.statusCode).toBe(400);
    expect(issues(bad).details).toEqual([
      expect.objectContaining({ path: 'extension', message: 'extension-invalid' }),
    ]);
    const letters = await call(admin, 'POST', '/api/transfer-extension', {
      name: 'Labo',
      phoneNumber: '514 555 0100',
      extension: '1a',
    });
    expect(issues(letters).details?.[0]?.message).toBe('extension-invalid');
    const badPhone = await call(admin, 'POST', '/api/transfer-extension', {
      name: 'Labo',
      phoneNumber: '911',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(issues(badPhone).details).toEqual([
      { location: 'body', path: 'phoneNumber', message: 'phone-invalid' },
    ]);
    const noName = await call(admin, 'POST', '/api/transfer-extension', {
      name: '  ',
      phoneNumber: '514 555 0100',
    });
    expect(issues(noName).details?.[0]).toMatchObject({ path: 'name', message: 'required' });

    const created = await call(admin, 'POST', '/api/transfer-extension', {
      name: 'Labo',
      phoneNumber: '514 555 0100',
      extension: '123',
    });
    expect(created.statusCode).toBe(201);
    const lab = created.json<TransferExtension>();
    expect(lab).toMatchObject({ name: 'Labo', phoneNumber: '+15145550100', extension: '123' });
    const none = (
      await call(admin, 'POST', '/api/transfer-extension', {
        name: 'Accueil',
        phoneNumber: '+15145550101',
        extension: '',
      })
    ).json<TransferExtension>();
    expect(none.extension).toBeNull();

    expect(
      (await call(member, 'GET', '/api/transfer-extension')).json<TransferExtension[]>().map((e) => e.name),
    ).toEqual(['Accueil', 'Labo']);
    expect(
      (await call(member, 'POST', '/api/transfer-extension', { name: 'X', phoneNumber: '+15145550102' }))
        .statusCode,
    ).toBe(403);
    expect((await call(member, 'DELETE', `/api/transfer-extension/${lab.id}`)).statusCode).toBe(403);

    const changed = await call(admin, 'PUT', `/api/transfer-extension/${lab.id}`, {
      name: 'Laboratoire',
      phoneNumber: '5145550109',
      extension: '7',
    });
    expect(changed.json<TransferExtension>()).toEqual({
      id: lab.id,
      name: 'Laboratoire',
      phoneNumber: '+15145550109',
      extension: '7',
    });
    expect((await call(admin, 'DELETE', `/api/transfer-extension/${lab.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'DELETE', `/api/transfer-extension/${lab.id}`)).statusCode).toBe(404);
  });

  it("answer 404 for another organisation's extension", async () => {
    const { admin } = await setup();
    const other = await setup();
    const theirs = (
      await call(other.admin, 'POST', '/api/transfer-extension', {
        name: 'Labo',
        phoneNumber: '+15145550100',
      })
    ).json<TransferExtension>();
    expect(
      (
        await call(admin, 'PUT', `/api/transfer-extension/${theirs.id}`, {
          name: 'Mine',
          phoneNumber: '+15145550100',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(admin, 'DELETE', `/api/transfer-extension/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/transfer-extension')).json<TransferExtension[]>()).toEqual([]);
  });
});

describe('SIP users', () => {
  it('follow the user name rule (E.164 or letters, digits, . _ -), are unique in the organisation, administrators only', async () => {
    const { admin, member } = await setup();
    const bad = await call(admin, 'POST', '/api/sip-users', { username: 'poste 12' });
    expect(bad.statusCode).toBe(400);
    expect(issues(bad).details).toEqual([
      expect.objectContaining({ path: 'username', message: 'sip-username-invalid' }),
    ]);
    expect(
      issues(await call(admin, 'POST', '/api/sip-users', { username: '+0123' })).details?.[0]?.message,
    ).toBe('sip-username-invalid');
    expect((await call(admin, 'POST', '/api/sip-users', { username: '+15145550100' })).statusCode).toBe(201);
    const desk = (
      await call(admin, 'POST', '/api/sip-users', { username: 'accueil.poste_1-a', displayName: 'Accueil' })
    ).json<SipUser>();
    expect(desk).toMatchObject({ username: 'accueil.poste_1-a', displayName: 'Accueil' });
    const taken = await call(admin, 'POST', '/api/sip-users', { username: 'accueil.poste_1-a' });
    expect([taken.statusCode, issues(taken).code]).toEqual([409, 'sip-line-taken']);
    expect((await call(member, 'GET', '/api/sip-users')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/sip-users')).json<SipUser[]>().map((u) => u.username)).toEqual([
      '+15145550100',
      'accueil.poste_1-a',
    ]);
    expect((await call(admin, 'DELETE', `/api/sip-users/${desk.id}`)).statusCode).toBe(204);
  });
});
