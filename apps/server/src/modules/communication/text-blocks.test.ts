import type { TextBlock } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

async function call(
  user: { id: string; organizationId: string },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: await signedInAs(user), ...(payload ? { payload } : {}) });
}
const base = (user: { organizationId: string }) => `/api/organizations/${user.organizationId}/text-blocks`;

describe('quick messages (text blocks)', () => {
  it('are written, listed pinned first then by title, changed and deleted by any member', async () => {
    const agent = await buildUser();
    const a = await call(agent, 'POST', base(agent), {
      title: 'Rappel',
      body: 'Bonjour {{first_name}}, à demain.',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json<TextBlock>()).toMatchObject({
      locale: 'fr-CA',
      title: 'Rappel',
      pinned: false,
      template: false,
    });
    await call(agent, 'POST', base(agent), { title: 'annulation', body: 'Votre rendez-vous est annulé.' });
    await call(agent, 'POST', base(agent), { title: 'Zut', body: 'Épinglé', pinned: true, template: true });
    await call(agent, 'POST', base(agent), {
      locale: 'en-CA',
      title: 'Reminder',
      body: 'Hello {{first_name}}',
    });

    const fr = await call(agent, 'GET', `${base(agent)}?locale=fr-CA`);
    expect(fr.statusCode).toBe(200);
    expect(fr.json<TextBlock[]>().map((b) => b.title)).toEqual(['Zut', 'annulation', 'Rappel']);
    expect((await call(agent, 'GET', base(agent))).json<TextBlock[]>()).toHaveLength(4);

    const id = a.json<TextBlock>().id;
    const changed = await call(agent, 'PUT', `${base(agent)}/${id}`, { title: 'Rappel J-1', pinned: true });
    expect(changed.json<TextBlock>()).toMatchObject({
      title: 'Rappel J-1',
      pinned: true,
      body: 'Bonjour {{first_name}}, à demain.',
    });
    expect((await call(agent, 'GET', `${base(agent)}/${id}`)).json<TextBlock>().title).toBe('Rappel J-1');

    expect((await call(agent, 'DELETE', `${base(agent)}/${id}`)).statusCode).toBe(204);
    expect((await call(agent, 'GET', `${base(agent)}/${id}`)).statusCode).toBe(404);
  });

  it('tell whether the organisation wrote any of its own, per locale', async () => {
    const agent = await buildUser();
    expect((await call(agent, 'GET', `${base(agent)}/has-own`)).json()).toEqual({ hasOwn: false });
    await call(agent, 'POST', base(agent), { locale: 'en-CA', title: 'Hi', body: 'Hello' });
    expect((await call(agent, 'GET', `${base(agent)}/has-own?locale=en-CA`)).json()).toEqual({
      hasOwn: true,
    });
    expect((await call(agent, 'GET', `${base(agent)}/has-own?locale=fr-CA`)).json()).toEqual({
      hasOwn: false,
    });
  });

  it('refuse a blank title or body and an unknown locale', async () => {
    const agent = await buildUser();
    for (const payload of [
      { title: '  ', body: 'x' },
      { title: 'x', body: '   ' },
      { title: 'x', body: 'y', locale: 'de-DE' },
    ]) {
      const res = await call(agent, 'POST', base(agent), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation-failed' });
    }
  });

  it("answer 404 for another organisation's quick messages, through its id or one of its blocks", async () => {
    const mine = await buildUser();
    const other = await buildUser();
    const theirs = (await call(other, 'POST', base(other), { title: 'Secret', body: 'x' })).json<TextBlock>();
    expect((await call(mine, 'GET', base(other))).statusCode).toBe(404);
    expect((await call(mine, 'POST', base(other), { title: 'x', body: 'y' })).statusCode).toBe(404);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await call(
        mine,
        method,
        `${base(mine)}/${theirs.id}`,
        method === 'PUT' ? { title: 'volé' } : undefined,
      );
      expect(res.statusCode).toBe(404);
    }
    expect((await call(other, 'GET', `${base(other)}/${theirs.id}`)).json<TextBlock>().title).toBe('Secret');
  });
});
