import { communicationTemplateEndpoints, textBlockEndpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { getTextBlock } from './get-text-block';
import { listCommunicationTemplates } from './list-communication-templates';
import { listCommunicationTokens } from './list-communication-tokens';
import { hasOwnTextBlocks, listTextBlocks } from './list-text-blocks';
import { createTextBlock, deleteTextBlock, updateTextBlock } from './write-text-block';

/**
 * Quick messages (docs/api.md "Quick messages"): every member of the organisation reads and
 * writes them; another organisation's id answers 404. The communication templates and tokens:
 * every member reads them (another sector's templates: marketing).
 */
export function communicationRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;
  route(app, textBlockEndpoints.list, {
    access,
    handler: (request) =>
      listTextBlocks(deps, request.ctx, { organizationId: request.params.id, ...request.query }),
  });
  route(app, textBlockEndpoints.hasOwn, {
    access,
    handler: (request) =>
      hasOwnTextBlocks(deps, request.ctx, { organizationId: request.params.id, ...request.query }),
  });
  route(app, textBlockEndpoints.get, {
    access,
    handler: (request) =>
      getTextBlock(deps, request.ctx, { organizationId: request.params.id, blockId: request.params.blockId }),
  });
  route(app, textBlockEndpoints.create, {
    access,
    handler: async (request, reply) =>
      reply.code(201).send(
        await createTextBlock(deps, request.ctx, {
          organizationId: request.params.id,
          block: request.body,
        }),
      ),
  });
  route(app, textBlockEndpoints.update, {
    access,
    handler: (request) =>
      updateTextBlock(deps, request.ctx, {
        organizationId: request.params.id,
        blockId: request.params.blockId,
        changes: request.body,
      }),
  });
  route(app, textBlockEndpoints.delete, {
    access,
    handler: async (request, reply) => {
      await deleteTextBlock(deps, request.ctx, {
        organizationId: request.params.id,
        blockId: request.params.blockId,
      });
      return reply.code(204).send(null);
    },
  });
  route(app, communicationTemplateEndpoints.tokens, { access, handler: () => listCommunicationTokens() });
  // The list at its path and at the spec's, which ends with a slash (the router tells them apart).
  for (const endpoint of [
    communicationTemplateEndpoints.list,
    communicationTemplateEndpoints.listAtSpecPath,
  ]) {
    route(app, endpoint, {
      access,
      // `userId` in the query names a user: another organisation's answers 404.
      config: { errors: ['not-found'] },
      handler: (request) => listCommunicationTemplates(deps, request.ctx, request.query),
    });
  }
  return Promise.resolve();
}
