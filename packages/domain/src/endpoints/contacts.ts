import { z } from 'zod';
import {
  contactIdParamsSchema,
  contactImportIdParamsSchema,
  skippedRowsQuerySchema,
  contactImportSchema,
  contactPageSchema,
  listContactsQuerySchema,
  patientSurveysSchema,
} from '../contracts/contacts';
import { contactDetailsSchema, contactInputSchema } from '../entities/contact';
import { endpoint } from './endpoint';

const tags = ['contacts'] as const;
const params = contactIdParamsSchema;

/**
 * The organisation's contacts (every team shares them), tenant-scoped: another organisation's
 * id answers 404. The two CSV downloads answer `text/csv`; the import takes a multipart form
 * whose `file` field is a CSV, XLS or XLSX file.
 */
export const contactEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/contacts',
    tags,
    summary: 'One keyset page of contacts, searched or not',
    query: listContactsQuerySchema,
    responses: { 200: contactPageSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/contacts',
    tags,
    summary: 'Creates a contact (or a contact linked to another)',
    body: contactInputSchema,
    responses: { 201: contactDetailsSchema },
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/contacts/export',
    tags,
    summary: 'Every contact as CSV (cells escaped against formulas)',
    responses: { 200: z.string() },
  }),
  import: endpoint({
    method: 'POST',
    path: '/api/contacts/import',
    tags,
    summary: 'Starts importing a CSV, XLS or XLSX file (multipart field `file`)',
    responses: { 202: contactImportSchema },
  }),
  getImport: endpoint({
    method: 'GET',
    path: '/api/contacts/imports/:id',
    tags,
    summary: 'Where an import is: progress and counts',
    params: contactImportIdParamsSchema,
    responses: { 200: contactImportSchema },
  }),
  skippedRows: endpoint({
    method: 'GET',
    path: '/api/contacts/imports/:id/skipped',
    tags,
    summary: 'The rows an import skipped, with the reason of each, as CSV',
    params: contactImportIdParamsSchema,
    query: skippedRowsQuerySchema,
    responses: { 200: z.string() },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/contacts/:id',
    tags,
    summary: 'One contact with its linked contacts',
    params,
    responses: { 200: contactDetailsSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/contacts/:id',
    tags,
    summary: "Replaces a contact's fields",
    params,
    body: contactInputSchema,
    responses: { 200: contactDetailsSchema },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/contacts/:id',
    tags,
    summary: 'Deletes a contact (refused while it has a scheduled appointment)',
    params,
    responses: { 204: z.null() },
  }),
  surveys: endpoint({
    method: 'GET',
    path: '/api/patients/:id/surveys',
    tags,
    summary: 'The surveys of a contact',
    params,
    responses: { 200: patientSurveysSchema },
  }),
};
