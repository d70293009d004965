import type { AppModule } from '../../app-module';
import { phoneSettingsRoutes } from './phone-settings.routes';

/** The Phones settings: incoming calls, queue, voicemail greetings, transfer extensions, park slots, SIP domain and users. */
export const phoneSettingsModule: AppModule = { name: 'phone-settings', routes: phoneSettingsRoutes };
