import type { ConversationPage, Label } from '@accueil/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildTeamOfTwo } from './conversation-factories';
import { authHeader, buildAdmin } from './factories';
import { accessTokenFor } from './signed-in';
import type { useTestApp } from './test-app';

type Headers = Record<string, string>;

/**
 * What the labels tests share (docs/behaviour/labels.md), bound to a file's test app: a team
 * with an administrator, requests, creating a label, setting a conversation's labels, list ids.
 */
export function labelHelpers(t: ReturnType<typeof useTestApp>) {
  /** A team of two (Marie, a plain user, signed in) and an administrator of the same organisation. */
  async function setUp() {
    const inbox = await buildTeamOfTwo();
    const admin = await buildAdmin({ organizationId: inbox.org.id, teamIds: [inbox.team.id] });
    return { ...inbox, adminHeaders: authHeader(await accessTokenFor(admin)), admin };
  }

  /** One request as `headers`, with a JSON body when `payload` is given. */
  async function send(
    headers: Headers,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    return payload === undefined
      ? t.app.inject({ method, url, headers })
      : t.app.inject({ method, url, headers, payload });
  }

  /** POST /api/labels, expected 201: the label. */
  async function createLabel(headers: Headers, name: string, color = 'blue'): Promise<Label> {
    const res = await send(headers, 'POST', '/api/labels', { name, color });
    expect(res.statusCode).toBe(201);
    return res.json<Label>();
  }

  /** PUT /api/conversations/:id/labels `{ labelIds }`. */
  const setLabels = (headers: Headers, id: string, labelIds: string[]) =>
    send(headers, 'PUT', `/api/conversations/${id}/labels`, { labelIds });

  /** The ids of GET /api/conversations?`query`, expected 200. */
  async function listIds(headers: Headers, query: string): Promise<string[]> {
    const res = await send(headers, 'GET', `/api/conversations?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<ConversationPage>().items.map((c) => c.id);
  }

  return { setUp, send, createLabel, setLabels, listIds };
}
