import { createShortLinkSchema, shortLinkSchema } from '../contracts/links';
import { endpoint } from './endpoint';

const tags = ['links'] as const;

/** Short links (docs/behaviour/short-links.md): served by the app at `/l/:code`. */
export const linkEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/link/create',
    tags,
    summary: 'Shortens an http or https link (the same link gives the same short link)',
    body: createShortLinkSchema,
    responses: { 201: shortLinkSchema },
  }),
};
