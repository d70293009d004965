import type { AppModule } from '../../app-module';

/**
 * The app's outgoing mails: templates in the recipient's language and sending through the
 * e-mail carrier (`deps.email`). No routes: other modules call its use cases (`sendMail`,
 * `sendSignInFailureNotice`).
 */
export const mailModule: AppModule = { name: 'mail' };
