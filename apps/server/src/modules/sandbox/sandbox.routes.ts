import { apiErrorSchema, sandboxDirectorySchema, sandboxInboundRequestSchema, sandboxListQuerySchema, sandboxMessageSchema } from '@accueil/domain';
import { z } from 'zod';
import type { HostDeps } from '../../app-deps';
import type { AppInstance } from '../../http/types';
import { listPhoneMessages, sandboxDirectory, textFromPhone } from './sandbox.service';

const tags = ['sandbox'];

/**
 * The sandbox carrier's routes (registered by its vendor, only when `MESSAGING_CARRIER=sandbox`): the
 * phone simulator plays the contacts' phones, so no sign-in (`access: 'public'`).
 */
export function sandboxRoutes(app: AppInstance, deps: HostDeps): Promise<void> {
  app.post(
    '/api/sandbox/messages',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A contact's simulated phone texts a team number",
        body: sandboxInboundRequestSchema,
        response: { 201: sandboxMessageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await textFromPhone(deps, request.body)),
  );

  app.get(
    '/api/sandbox/messages',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every text to or from a simulated phone, oldest first',
        querystring: sandboxListQuerySchema,
        response: { 200: z.object({ items: z.array(sandboxMessageSchema) }), 400: apiErrorSchema },
      },
    },
    async (request) => ({ items: await listPhoneMessages(deps, request.query.number) }),
  );

  app.get(
    '/api/sandbox/directory',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Team numbers and contacts the simulator can play', response: { 200: sandboxDirectorySchema } },
    },
    async () => sandboxDirectory(deps),
  );
  return Promise.resolve();
}
