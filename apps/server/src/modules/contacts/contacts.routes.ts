import { AppError, contactEndpoints as endpoints, IMPORT_FILE_MAX_BYTES } from '@accueil/domain';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { readMultipartForm } from '../../http/multipart-form';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { createContact } from './create-contact';
import { deleteContact } from './delete-contact';
import { exportContacts } from './export-contacts';
import { exportSkippedRows } from './export-skipped-rows';
import { getContactDetails } from './get-contact-details';
import { getContactImport } from './get-contact-import';
import { listContacts } from './list-contacts';
import { listPatientSurveys } from './list-patient-surveys';
import { startContactImport } from './start-contact-import';
import { updateContact } from './update-contact';

const CSV = 'text/csv; charset=utf-8';

/**
 * Contacts (docs/api.md "Contacts"), the organisation's address book, tenant-scoped: another
 * organisation's id answers 404. The import reads a multipart upload (field `file`, at most
 * `IMPORT_FILE_MAX_BYTES`: 413 beyond) in its own scope; the exports answer CSV downloads.
 */
export async function contactsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  route(app, endpoints.list, {
    access,
    handler: (request) => listContacts(deps, request.ctx, request.query),
  });

  route(app, endpoints.create, {
    access,
    config: { errors: ['not-found'] },
    handler: async (request, reply) =>
      reply.code(201).send(await createContact(deps, request.ctx, request.body)),
  });

  route(app, endpoints.export, {
    access,
    config: { produces: 'text/csv' },
    handler: async (request, reply) =>
      reply
        .type(CSV)
        .header('content-disposition', 'attachment; filename="contacts.csv"')
        .send(await exportContacts(deps, request.ctx)),
  });

  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 5, parts: 10 },
    });
    route(scope, endpoints.import, {
      access,
      config: { consumes: 'multipart/form-data', errors: ['import-file-invalid'] },
      handler: async (request, reply) =>
        reply.code(202).send(await startContactImport(deps, request.ctx, await readUpload(request))),
    });
  });

  route(app, endpoints.getImport, {
    access,
    handler: (request) => getContactImport(deps, request.ctx, request.params.id),
  });

  route(app, endpoints.skippedRows, {
    access,
    config: { produces: 'text/csv' },
    handler: async (request, reply) =>
      reply
        .type(CSV)
        .header('content-disposition', 'attachment; filename="skipped-rows.csv"')
        .send(await exportSkippedRows(deps, request.ctx, request.params.id, request.query.locale)),
  });

  route(app, endpoints.get, {
    access,
    handler: (request) => getContactDetails(deps, request.ctx, request.params.id),
  });

  route(app, endpoints.update, {
    access,
    config: { errors: ['contact-name-required', 'contact-phone-exists'] },
    handler: (request) => updateContact(deps, request.ctx, { id: request.params.id, changes: request.body }),
  });

  route(app, endpoints.delete, {
    access,
    config: { errors: ['contact-has-appointment'] },
    handler: async (request, reply) => {
      await deleteContact(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });

  route(app, endpoints.surveys, {
    access,
    handler: (request) => listPatientSurveys(deps, request.ctx, request.params.id),
  });
}

/**
 * The `file` field of a multipart upload, read whole (it is stored with the import).
 * @throws AppError 'unsupported-media-type' (not multipart), 'import-file-invalid' (no `file`), 'payload-too-large' (over the limit).
 */
async function readUpload(request: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  const { files } = await readMultipartForm(request, {
    files: ['file'],
    requiredFiles: ['file'],
    notMultipart: 'Send the file as multipart/form-data (field "file")',
    tooLarge: `The file must be ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB or less`,
    missing: () => new AppError('import-file-invalid', 'Send the file in the "file" field'),
  });
  return { fileName: files.file!.fileName, data: files.file!.data };
}
