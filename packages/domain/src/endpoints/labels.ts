import { z } from 'zod';
import {
  createLabelRequestSchema,
  labelIdParamsSchema,
  labelSchema,
  updateLabelRequestSchema,
} from '../labels/labels';
import { endpoint } from './endpoint';

const tags = ['labels'] as const;

/**
 * The organisation's labels (docs/behaviour/labels.md). Every member lists them; the
 * organisation's administrators create, rename, recolour and delete them (403 `forbidden` for
 * others). Another organisation's id answers 404; a name the organisation already has (case
 * ignored) 409 `label-name-taken`; a 101st label 422 `too-many-labels`. Deleting a label takes it
 * off every conversation. Setting labels on a conversation is `conversationEndpoints.setLabels`.
 */
export const labelEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/labels',
    tags,
    summary: "The organisation's labels, by name",
    responses: { 200: z.array(labelSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/labels',
    tags,
    summary: 'Creates a label (administrators; 409 `label-name-taken`, 422 `too-many-labels`)',
    body: createLabelRequestSchema,
    responses: { 201: labelSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/labels/:id',
    tags,
    summary: 'Renames or recolours a label (administrators; 409 `label-name-taken`)',
    params: labelIdParamsSchema,
    body: updateLabelRequestSchema,
    responses: { 200: labelSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/labels/:id',
    tags,
    summary: 'Deletes a label and takes it off every conversation (administrators)',
    params: labelIdParamsSchema,
    responses: { 204: z.null() },
  }),
};
