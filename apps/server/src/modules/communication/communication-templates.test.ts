import {
  COMMUNICATION_TOKEN_KEYS,
  type CommunicationTemplate,
  type CommunicationToken,
} from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildOrganization, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

async function get(user: { id: string; organizationId: string }, url: string) {
  return t.app.inject({ method: 'GET', url, headers: await signedInAs(user) });
}
/** A user of a new organisation of `sector` (a new organisation has none when not given). */
async function staffOf(sector: string | null, role: 'user' | 'admin' | 'marketing' | 'devops' = 'user') {
  const organization = await buildOrganization({ sector });
  return buildUser({ organizationId: organization.id, role });
}

describe('GET /api/communication-templates/tokens', () => {
  it('lists every token as written, with its description in each interface locale', async () => {
    const res = await get(await staffOf('dental'), '/api/communication-templates/tokens?sector=dental');
    expect(res.statusCode).toBe(200);
    const tokens = res.json<CommunicationToken[]>();
    expect(tokens.map((token) => token.key)).toEqual([...COMMUNICATION_TOKEN_KEYS]);
    expect(tokens[0]).toEqual({
      key: 'first_name',
      value: '{{first_name}}',
      description: {
        'fr-CA': 'Prénom du contact',
        'en-CA': 'Contact’s first name',
        'fr-FR': 'Prénom du contact',
      },
    });
    expect(
      tokens.every(
        (token) => token.description['fr-CA'] && token.description['en-CA'] && token.description['fr-FR'],
      ),
    ).toBe(true);
    expect((await get(await staffOf(null), '/api/communication-templates/tokens')).json()).toEqual(tokens);
  });

  it('refuses an unknown sector (400 sector-unknown)', async () => {
    const res = await get(await staffOf('dental'), '/api/communication-templates/tokens?sector=astrology');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation-failed',
      details: [{ path: 'sector', message: 'sector-unknown' }],
    });
  });
});

describe('GET /api/communication-templates', () => {
  it("gives any member their organisation's sector's SMS templates, in the organisation's locale by default", async () => {
    const user = await staffOf('dental');
    const res = await get(user, '/api/communication-templates?type=sms');
    expect(res.statusCode).toBe(200);
    const templates = res.json<CommunicationTemplate[]>();
    expect(templates.every((x) => x.type === 'sms' && x.sector === 'dental' && x.locale === 'fr-CA')).toBe(
      true,
    );
    expect(templates.map((x) => x.id)).toEqual(
      expect.arrayContaining(['appointment-reminder', 'missed-call', 'dental-documents-to-bring']),
    );
    expect(templates.find((x) => x.id === 'appointment-reminder')).toMatchObject({
      title: 'Rappel de rendez-vous',
      tokens: ['first_name', 'organization_name'],
    });
    expect(templates.some((x) => x.id.startsWith('notary-'))).toBe(false);
  });

  it("answers at the spec's path, with its trailing slash, as at the plain one; another organisation's userId 404 at both", async () => {
    const user = await staffOf('notary');
    const colleague = await buildUser({ organizationId: user.organizationId });
    const query = `type=sms&userId=${colleague.id}&locale=en-CA`;
    const spec = await get(user, `/api/communication-templates/?${query}`);
    expect(spec.statusCode).toBe(200);
    const templates = spec.json<CommunicationTemplate[]>();
    expect(templates.find((x) => x.id === 'notary-documents-to-bring')).toMatchObject({ locale: 'en-CA' });
    expect((await get(user, `/api/communication-templates?${query}`)).json()).toEqual(templates);
    const stranger = await staffOf('notary');
    for (const path of ['/api/communication-templates/', '/api/communication-templates']) {
      const res = await get(user, `${path}?type=sms&userId=${stranger.id}`);
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers in the locale asked, for a user of the organisation', async () => {
    const user = await staffOf('notary');
    const colleague = await buildUser({ organizationId: user.organizationId });
    const res = await get(user, `/api/communication-templates?type=sms&userId=${colleague.id}&locale=en-CA`);
    expect(res.statusCode).toBe(200);
    const templates = res.json<CommunicationTemplate[]>();
    expect(templates.find((x) => x.id === 'notary-documents-to-bring')).toMatchObject({
      locale: 'en-CA',
      title: 'What to bring',
      tokens: ['first_name', 'last_name', 'organization_name'],
    });
    const france = (await get(user, '/api/communication-templates?type=sms&locale=fr-FR')).json<
      CommunicationTemplate[]
    >();
    expect(france.find((x) => x.id === 'missed-call')!.body).toContain('SMS');
  });

  it("gives an organisation without a sector the general ('other') templates", async () => {
    const templates = (await get(await staffOf(null), '/api/communication-templates?type=sms')).json<
      CommunicationTemplate[]
    >();
    expect(templates.every((x) => x.sector === 'other')).toBe(true);
    expect(templates.map((x) => x.id)).toContain('other-documents-to-bring');
  });

  it("lets marketing read another sector's templates, and refuses it to other roles (403)", async () => {
    for (const role of ['marketing', 'devops'] as const) {
      const res = await get(
        await staffOf('dental', role),
        '/api/communication-templates?type=sms&sector=veterinary',
      );
      expect(res.statusCode, role).toBe(200);
      expect(res.json<CommunicationTemplate[]>().map((x) => x.id)).toContain('veterinary-vaccine-due');
    }
    for (const role of ['user', 'admin'] as const) {
      const res = await get(
        await staffOf('dental', role),
        '/api/communication-templates?type=sms&sector=veterinary',
      );
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toMatchObject({ code: 'forbidden' });
      expect(
        (await get(await staffOf('dental', role), '/api/communication-templates?type=sms&sector=dental'))
          .statusCode,
        role,
      ).toBe(200);
    }
  });

  it('refuses another type, an unknown sector or locale (400), and a user of another organisation (404)', async () => {
    const user = await staffOf('medical');
    for (const [query, path, message] of [
      ['type=email', 'type', 'template-type-unknown'],
      ['', 'type', undefined],
      ['type=sms&sector=astrology', 'sector', 'sector-unknown'],
      ['type=sms&locale=de-DE', 'locale', undefined],
      ['type=sms&userId=nope', 'userId', undefined],
    ] as const) {
      const res = await get(user, `/api/communication-templates?${query}`);
      expect(res.statusCode, query).toBe(400);
      const issue = res
        .json<{ code: string; details: { path: string; message: string }[] }>()
        .details.find((d) => d.path === path);
      expect(issue, query).toBeDefined();
      if (message) expect(issue!.message).toBe(message);
    }
    const stranger = await buildUser();
    const res = await get(user, `/api/communication-templates?type=sms&userId=${stranger.id}`);
    expect(res.statusCode).toBe(404);
    expect(
      (await get(user, `/api/communication-templates?type=sms&userId=${crypto.randomUUID()}`)).statusCode,
    ).toBe(404);
  });
});
