import type { SandboxDirectory, SandboxMessage } from '@accueil/domain';
import { randomInt } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { authHeader, buildContact, buildOrganization, buildTeam, buildUser } from '../../test/factories';
import { accessTokenFor } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { SANDBOX_NAMESPACE } from '../../carriers/messaging/sandbox/sandbox-namespace';

const t = useTestApp();

/** Retries `check` until it stops throwing (the sandbox reports `delivered` a moment later). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function setting(contactPhone?: string) {
  const org = await buildOrganization();
  const team = await buildTeam({ organizationId: org.id });
  const contact = await buildContact({
    organizationId: org.id,
    ...(contactPhone ? { phone: contactPhone } : {}),
  });
  const user = await buildUser({ organizationId: org.id, teamIds: [team.id] });
  const jwt = await accessTokenFor(user);
  return { org, team, contact, user, headers: authHeader(jwt) };
}

/** Records the numbers whose phone simulators are told of a text (`/sandbox` namespace), passing the events through. */
function spyOnPhoneNotifications() {
  const realtime = t.deps.realtime;
  const publishIn = realtime.publishIn.bind(realtime);
  const publishSandbox = vi.fn<(number: string) => void>();
  const spy = vi.spyOn(realtime, 'publishIn').mockImplementation((namespace, room, event, payload) => {
    if (namespace === SANDBOX_NAMESPACE && event === 'sandbox:message')
      publishSandbox((payload as { number: string }).number);
    publishIn(namespace, room, event, payload);
  });
  return { publishSandbox, restore: () => spy.mockRestore() };
}

const phoneHistory = async (number: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sandbox/messages?number=${encodeURIComponent(number)}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: SandboxMessage[] }>().items;
};

type Msg = {
  id: string;
  body: string;
  status: string;
  errorCode: string | null;
  direction: string;
  messageSid: string | null;
};

describe('sandbox carrier round trip', () => {
  it('staff send → the simulated phone receives it, sent then delivered on both sides', async () => {
    const { contact, team, headers } = await setting();
    const { publishSandbox, restore } = spyOnPhoneNotifications();
    const conv = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers,
      payload: { to: contact.phone },
    });
    const convId = conv.json<{ id: string }>().id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${convId}/messages`,
      headers,
      payload: { body: 'Rappel : demain 10 h' },
    });
    expect(sent.statusCode).toBe(201);
    expect(['sent', 'delivered']).toContain(sent.json<Msg>().status);
    const onPhone = await eventually(async () => {
      const items = await phoneHistory(contact.phone!);
      expect(items).toEqual([
        expect.objectContaining({
          from: team.phoneNumber,
          to: contact.phone,
          body: 'Rappel : demain 10 h',
          direction: 'to-phone',
          status: 'delivered',
        }),
      ]);
      return items[0]!;
    });
    expect(sent.json<Msg>().messageSid).toBe(onPhone.id);
    await eventually(async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${convId}/messages`,
        headers,
      });
      expect(page.json<{ items: Msg[] }>().items.at(-1)).toMatchObject({
        body: 'Rappel : demain 10 h',
        status: 'delivered',
      });
    });
    expect(publishSandbox).toHaveBeenCalledWith(contact.phone);
    restore();
  });

  it('the simulated phone texts a team number → the team gets it in a conversation', async () => {
    const { contact, team, headers } = await setting();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { from: contact.phone, to: team.phoneNumber, body: 'Je serai en retard' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<SandboxMessage>()).toMatchObject({
      from: contact.phone,
      to: team.phoneNumber,
      direction: 'from-phone',
      status: 'delivered',
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers });
    const convs = list.json<{ items: { id: string; friendlyName: string }[] }>().items;
    const conv = convs.find((c) => c.friendlyName === contact.phone)!;
    expect(conv).toBeDefined();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conv.id}/messages`,
      headers,
    });
    expect(page.json<{ items: Msg[] }>().items).toEqual([
      expect.objectContaining({ body: 'Je serai en retard', direction: 'inbound', status: 'received' }),
    ]);
    expect(await phoneHistory(contact.phone!)).toEqual([
      expect.objectContaining({ id: res.json<SandboxMessage>().id, direction: 'from-phone' }),
    ]);
  });

  it('accepts numbers with spaces or in national format and stores them in E.164', async () => {
    const { contact, team } = await setting();
    const national = contact.phone!.slice(2); // 514…
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { from: national, to: team.phoneNumber!.replace(/^\+1(\d{3})/, '+1 $1 '), body: 'Salut' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<SandboxMessage>()).toMatchObject({ from: contact.phone, to: team.phoneNumber });
  });

  it('a landline (number ending in 0000) fails with 30006 and reaches no phone', async () => {
    const landline = `+1514${randomInt(200, 1000)}0000`;
    const { headers } = await setting(landline);
    const conv = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers,
      payload: { to: landline },
    });
    const convId = conv.json<{ id: string }>().id;
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${convId}/messages`,
      headers,
      payload: { body: 'Bonjour' },
    });
    const page = await t.app.inject({ method: 'GET', url: `/api/conversations/${convId}/messages`, headers });
    expect(page.json<{ items: Msg[] }>().items.at(-1)).toMatchObject({
      status: 'failed',
      errorCode: '30006',
    });
    expect(await phoneHistory(landline)).toEqual([]);
  });
});

describe('sandbox routes: bad input', () => {
  it('answers 404 not-found for a number no team has, storing nothing', async () => {
    const { contact } = await setting();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { from: contact.phone, to: '+15149990000', body: 'Allô?' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not-found', message: expect.stringContaining('+15149990000') });
    expect(await phoneHistory(contact.phone!)).toEqual([]);
  });

  it.each([
    ['from', { from: '12', to: '+15145550100' }],
    ['to', { from: '+15145551234', to: 'abc' }],
  ])('answers 400 phone-invalid for an invalid %s', async (_field, numbers) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { ...numbers, body: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'phone-invalid' });
  });

  it('answers 400 phone-invalid for GET messages with an invalid number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sandbox/messages?number=nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'phone-invalid' });
  });
});

describe('sandbox directory and carrier-specific routes', () => {
  it('lists team numbers and contacts across organisations, without sign-in', async () => {
    const { org, team, contact } = await setting();
    const res = await t.app.inject({ method: 'GET', url: '/api/sandbox/directory' });
    expect(res.statusCode).toBe(200);
    const directory = res.json<SandboxDirectory>();
    expect(directory.teams).toContainEqual({
      organization: org.name,
      label: team.label,
      phoneNumber: team.phoneNumber,
    });
    expect(directory.contacts).toContainEqual({
      organization: org.name,
      name: `${contact.firstName} ${contact.lastName}`,
      phone: contact.phone,
    });
  });

  it('has no Twilio webhook routes with the sandbox carrier', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/twilio/messaging',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'From=%2B15145551234',
    });
    expect(res.statusCode).toBe(404);
  });
});
