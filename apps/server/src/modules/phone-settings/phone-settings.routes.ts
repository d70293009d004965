import multipart from '@fastify/multipart';
import {
  AppError,
  GREETING_AUDIO_MAX_BYTES,
  GREETING_AUDIO_TYPES,
  phoneSettingsEndpoints as endpoints,
} from '@accueil/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { readMultipartForm } from '../../http/multipart-form';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { previewGreeting } from './greeting-preview';
import { getPhoneSettings, updatePhoneSettings } from './manage-phone-settings';
import { authorizePhoneSettings } from './phone-settings.policy';
import { createSipUser, deleteSipUser, listSipUsers } from './sip-users';
import {
  createTransferExtension,
  deleteTransferExtension,
  listTransferExtensions,
  updateTransferExtension,
} from './transfer-extensions';
import { readGreetingAudio, uploadGreetingAudio } from './greeting-audio';
import { deleteVoicemailGreeting, listVoicemailGreetings, putVoicemailGreeting } from './voicemail-greetings';

/** The one file of a greeting upload (field `audio`), refused beyond `GREETING_AUDIO_MAX_BYTES` (413). */
async function readAudio(request: FastifyRequest): Promise<Buffer> {
  const { files } = await readMultipartForm(request, {
    files: ['audio'],
    requiredFiles: ['audio'],
    notMultipart: 'Send the audio as multipart/form-data (field "audio")',
    tooLarge: `The audio file must be ${GREETING_AUDIO_MAX_BYTES / 1_000_000} MB or less`,
  });
  return files.audio!.data;
}

/**
 * A binary answer (audio) through a route whose schema says `string`: Fastify sends a Buffer as
 * it is, never through the JSON serialiser; the endpoint table only types JSON answers.
 */
const binary = (content: Buffer) => content as unknown as string;

/**
 * The Phones settings (docs/behaviour/calls.md, "Phones settings"): administrators only (403
 * `forbidden` otherwise), except the transfer extensions, which every member reads. Rows of
 * another organisation answer 404, as missing ones.
 */
export async function phoneSettingsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  route(app, endpoints.get, { access, handler: (request) => getPhoneSettings(deps, request.ctx) });
  route(app, endpoints.update, {
    access,
    config: { errors: ['not-found'] },
    handler: (request) => updatePhoneSettings(deps, request.ctx, request.body),
  });

  route(app, endpoints.listGreetings, {
    access,
    handler: (request) => listVoicemailGreetings(deps, request.ctx),
  });
  route(app, endpoints.putGreeting, {
    access,
    config: { errors: ['not-found'] },
    handler: (request) => putVoicemailGreeting(deps, request.ctx, request.body),
  });
  route(app, endpoints.deleteGreeting, {
    access,
    handler: async (request, reply) => {
      await deleteVoicemailGreeting(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
  route(app, endpoints.greetingAudio, {
    access,
    config: { produces: GREETING_AUDIO_TYPES },
    handler: async (request, reply) => {
      authorizePhoneSettings(request.ctx);
      const audio = await readGreetingAudio(deps, request.ctx.organizationId, request.params.id);
      if (!audio) throw new AppError('not-found', 'No audio for this greeting');
      return reply
        .type(audio.mediaType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(binary(audio.content));
    },
  });
  route(app, endpoints.preview, {
    access,
    config: { produces: 'audio/wav' },
    handler: async (request, reply) =>
      reply
        .type('audio/wav')
        .header('cache-control', 'no-store')
        .send(binary(await previewGreeting(deps, request.ctx, request.body))),
  });

  // The greeting upload reads a multipart body: the parser is registered for this scope only.
  await app.register(async (scope: AppInstance) => {
    await scope.register(multipart, {
      limits: { fileSize: GREETING_AUDIO_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    route(scope, endpoints.uploadGreetingAudio, {
      access,
      config: { consumes: 'multipart/form-data', errors: ['not-found'] },
      handler: async (request) => {
        // The role first: a user's upload is refused before its body is read.
        authorizePhoneSettings(request.ctx);
        const file = await readAudio(request);
        const { teamId, source, durationSeconds } = request.query;
        return uploadGreetingAudio(deps, request.ctx, {
          kind: request.params.kind,
          teamId: teamId ?? null,
          source,
          durationSeconds: durationSeconds ?? null,
          file,
        });
      },
    });
  });

  route(app, endpoints.listTransferExtensions, {
    access,
    handler: (request) => listTransferExtensions(deps, request.ctx),
  });
  route(app, endpoints.createTransferExtension, {
    access,
    handler: async (request, reply) =>
      reply.code(201).send(await createTransferExtension(deps, request.ctx, request.body)),
  });
  route(app, endpoints.updateTransferExtension, {
    access,
    handler: (request) => updateTransferExtension(deps, request.ctx, request.params.id, request.body),
  });
  route(app, endpoints.deleteTransferExtension, {
    access,
    handler: async (request, reply) => {
      await deleteTransferExtension(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });

  route(app, endpoints.listSipUsers, { access, handler: (request) => listSipUsers(deps, request.ctx) });
  route(app, endpoints.createSipUser, {
    access,
    config: { errors: ['sip-line-taken'] },
    handler: async (request, reply) =>
      reply.code(201).send(await createSipUser(deps, request.ctx, request.body)),
  });
  route(app, endpoints.deleteSipUser, {
    access,
    handler: async (request, reply) => {
      await deleteSipUser(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
