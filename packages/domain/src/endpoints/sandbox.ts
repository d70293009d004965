import { z } from 'zod';
import {
  sandboxDirectorySchema,
  sandboxInboundRequestSchema,
  sandboxListQuerySchema,
  sandboxMessageSchema,
} from '../contracts/sandbox';
import { endpoint } from './endpoint';

const tags = ['sandbox'] as const;

/**
 * The sandbox carrier's phone simulator (only with the sandbox carrier): it plays the
 * contacts' phones, so no sign-in.
 */
export const sandboxEndpoints = {
  textFromPhone: endpoint({
    method: 'POST',
    path: '/api/sandbox/messages',
    tags,
    summary: "A contact's simulated phone texts a team number",
    body: sandboxInboundRequestSchema,
    responses: { 201: sandboxMessageSchema },
  }),
  phoneMessages: endpoint({
    method: 'GET',
    path: '/api/sandbox/messages',
    tags,
    summary: 'Every text to or from a simulated phone, oldest first',
    query: sandboxListQuerySchema,
    responses: { 200: z.object({ items: z.array(sandboxMessageSchema) }) },
  }),
  directory: endpoint({
    method: 'GET',
    path: '/api/sandbox/directory',
    tags,
    summary: 'Team numbers and contacts the simulator can play',
    responses: { 200: sandboxDirectorySchema },
  }),
};
