import type { AppModule } from '../../app-module';
import { callsRoutes } from './calls.routes';

/** Browser calls: the voice device's access tokens, calls, their queue and voicemail (docs/behaviour/calls.md). */
export const callsModule: AppModule = { name: 'calls', routes: callsRoutes };
