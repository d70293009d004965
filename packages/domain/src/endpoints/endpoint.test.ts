import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Conversation } from '../entities/conversation';
import { endpointPath, successSchema, type Endpoint, type EndpointResult } from './endpoint';
import {
  agendaEndpoints,
  automaticReplyEndpoints,
  endpoints,
  organizationEndpoints,
  teamScheduleEndpoints,
  textBlockEndpoints,
} from './index';

describe('endpointPath', () => {
  it('replaces each parameter of the path, URI-encoded', () => {
    expect(endpointPath(endpoints.messages.list, { id: 'a b/c' })).toBe(
      '/api/conversations/a%20b%2Fc/messages',
    );
    expect(endpointPath(endpoints.conversations.list)).toBe('/api/conversations');
  });

  it('refuses a call missing a parameter of its path', () => {
    expect(() => endpointPath(endpoints.conversations.get, {})).toThrow(/parameter id is missing/);
  });
});

describe('successSchema', () => {
  it('is the first success answer, none for a 204', () => {
    expect(successSchema(endpoints.conversations.create)).toBe(endpoints.conversations.create.responses[201]);
    expect(successSchema(endpoints.conversations.delete)).toBeUndefined();
    expect(successSchema(endpoints.sandbox.phoneMessages)).toBe(
      endpoints.sandbox.phoneMessages.responses[200],
    );
  });
});

describe('the endpoint tables', () => {
  const all = [
    ...Object.values(endpoints),
    agendaEndpoints,
    automaticReplyEndpoints,
    textBlockEndpoints,
    organizationEndpoints,
    teamScheduleEndpoints,
  ].flatMap((module) => Object.values(module as Record<string, Endpoint>));

  it('declare each method and path once, under /api, with a success answer', () => {
    const keys = all.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of all) {
      expect(e.path.startsWith('/api/')).toBe(true);
      expect(Object.keys(e.responses).some((s) => Number(s) >= 200 && Number(s) < 300)).toBe(true);
    }
  });

  it('type the answers of their calls', () => {
    expectTypeOf<EndpointResult<typeof endpoints.conversations.get>>().toEqualTypeOf<Conversation>();
    expectTypeOf<EndpointResult<typeof endpoints.conversations.delete>>().toEqualTypeOf<void>();
  });
});
