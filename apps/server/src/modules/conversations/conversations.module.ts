import type { AppModule } from '../../app-module';
import { conversationsRoutes } from './conversations.routes';

/** The current team's inbox: its conversations. */
export const conversationsModule: AppModule = { name: 'conversations', routes: conversationsRoutes };
