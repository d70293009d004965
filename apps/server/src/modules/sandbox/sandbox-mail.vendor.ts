import type { CarrierVendor } from '../../carriers/carrier-slot';
import type { EmailCarrier } from '../../carriers/email/email-carrier';
import {
  createSandboxEmailCarrier,
  SANDBOX_EMAIL_CARRIER_NAME,
} from '../../carriers/email/sandbox/sandbox-email-carrier';
import { createSandboxMailbox } from './sandbox-mailbox';
import { sandboxMailRoutes } from './sandbox-mail.routes';

/**
 * The sandbox e-mail vendor (`EMAIL_CARRIER=sandbox`, the default without `SMTP_URL`): the
 * sandbox carrier (carriers/email/sandbox, no database) keeping its mails in this module's
 * `sandbox_mails`, and the mailbox's route `GET /api/sandbox/mail` (the web page /sandbox/mail
 * reads it).
 */
export const sandboxEmailVendor: CarrierVendor<EmailCarrier> = {
  name: SANDBOX_EMAIL_CARRIER_NAME,
  create(host) {
    return {
      carrier: createSandboxEmailCarrier({ mailbox: createSandboxMailbox(host) }),
      routes: (app) => sandboxMailRoutes(app, host),
    };
  },
};
