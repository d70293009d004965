import type { AppModule } from '../../app-module';
import { contactsRoutes } from './contacts.routes';
import { importContactsJob } from './import-contacts.job';

/** The organisation's contacts: the address book, its import and export. */
export const contactsModule: AppModule = {
  name: 'contacts',
  routes: contactsRoutes,
  jobs: [importContactsJob],
};
