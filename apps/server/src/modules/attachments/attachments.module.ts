import type { AppModule } from '../../app-module';
import { attachmentsRoutes } from './attachments.routes';
import { fetchInboundMediaJob } from './fetch-inbound-media.job';
import { purgeAttachmentsJob } from './purge-attachments.job';

/** Attachments: files uploaded for messages or received with them (docs/behaviour/attachments.md). */
export const attachmentsModule: AppModule = {
  name: 'attachments',
  routes: attachmentsRoutes,
  jobs: [fetchInboundMediaJob, purgeAttachmentsJob],
};
