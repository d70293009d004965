import {
  createTextBlockRequestSchema,
  hasOwnTextBlocksSchema,
  organizationTextBlocksParamsSchema,
  textBlockParamsSchema,
  textBlockSchema,
  textBlocksQuerySchema,
  updateTextBlockRequestSchema,
} from '../communication/text-blocks';
import {
  communicationTemplateSchema,
  communicationTemplatesQuerySchema,
  communicationTokenSchema,
  communicationTokensQuerySchema,
} from '../communication/templates';
import { z } from 'zod';
import { endpoint } from './endpoint';

const tags = ['quick-messages'] as const;

/**
 * Quick messages (text blocks) of an organisation, per locale (docs/behaviour/quick-messages.md).
 * Every member of the organisation reads and writes them; another organisation's id (in the
 * path, or a block of another organisation) answers 404. Imported by name, not through
 * `endpoints`: the inbox's first load does not carry their schemas.
 */
export const textBlockEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/organizations/:id/text-blocks',
    tags,
    summary: "The organisation's quick messages, pinned first, then by title",
    params: organizationTextBlocksParamsSchema,
    query: textBlocksQuerySchema,
    responses: { 200: z.array(textBlockSchema) },
  }),
  hasOwn: endpoint({
    method: 'GET',
    path: '/api/organizations/:id/text-blocks/has-own',
    tags,
    summary: 'Whether the organisation wrote quick messages of its own',
    params: organizationTextBlocksParamsSchema,
    query: textBlocksQuerySchema,
    responses: { 200: hasOwnTextBlocksSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/organizations/:id/text-blocks/:blockId',
    tags,
    summary: 'One quick message',
    params: textBlockParamsSchema,
    responses: { 200: textBlockSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/organizations/:id/text-blocks',
    tags,
    summary: 'Writes a quick message',
    params: organizationTextBlocksParamsSchema,
    body: createTextBlockRequestSchema,
    responses: { 201: textBlockSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/organizations/:id/text-blocks/:blockId',
    tags,
    summary: 'Changes a quick message',
    params: textBlockParamsSchema,
    body: updateTextBlockRequestSchema,
    responses: { 200: textBlockSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/organizations/:id/text-blocks/:blockId',
    tags,
    summary: 'Deletes a quick message',
    params: textBlockParamsSchema,
    responses: { 204: z.null() },
  }),
};

const templateTags = ['communication-templates'] as const;

/**
 * The communication templates shipped with the product and the tokens texts may hold
 * (docs/behaviour/quick-messages.md). Every member reads the tokens and their organisation's
 * sector's templates; marketing reads every sector's (403 `forbidden` to others); an unknown
 * sector answers 400 `sector-unknown`. Imported by name, like the quick messages'.
 */
export const communicationTemplateEndpoints = {
  tokens: endpoint({
    method: 'GET',
    path: '/api/communication-templates/tokens',
    tags: templateTags,
    summary: 'The tokens a text may hold, described in each interface locale',
    query: communicationTokensQuerySchema,
    responses: { 200: z.array(communicationTokenSchema) },
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/communication-templates',
    tags: templateTags,
    summary: 'The SMS templates of a sector in one locale',
    query: communicationTemplatesQuerySchema,
    responses: { 200: z.array(communicationTemplateSchema) },
  }),
  /**
   * The same list at the spec's path, which ends with a slash (`communication-templates/?type=sms…`,
   * organisation-setup §7): the router tells `/x` and `/x/` apart (Fastify's default), so the
   * spec's form is a route of its own.
   */
  listAtSpecPath: endpoint({
    method: 'GET',
    path: '/api/communication-templates/',
    tags: templateTags,
    summary: "The SMS templates of a sector in one locale (the spec's path, with its trailing slash)",
    query: communicationTemplatesQuerySchema,
    responses: { 200: z.array(communicationTemplateSchema) },
  }),
};
