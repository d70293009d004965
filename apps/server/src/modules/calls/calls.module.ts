import type { AppModule } from '../../app-module';
import { callbackTextJob } from './callback-text.job';
import { callsRoutes } from './calls.routes';

/** Browser calls: the voice device's access tokens, calls, their queue and voicemail, the queue's callback texts (docs/behaviour/calls.md). */
export const callsModule: AppModule = { name: 'calls', routes: callsRoutes, jobs: [callbackTextJob] };
