import type { CarrierVendor } from '../../carrier-slot';
import type { EmailCarrier } from '../email-carrier';
import { createSandboxEmailCarrier, SANDBOX_EMAIL_CARRIER_NAME } from './sandbox-email-carrier';

/**
 * The sandbox e-mail vendor (`EMAIL_CARRIER=sandbox`, the default without `SMTP_URL`): the
 * sandbox carrier keeping its mails in the mailbox the sandbox module gives it
 * (`host.sandbox.mailbox`, its `sandbox_mails`; the module's `GET /api/sandbox/mail` reads it for
 * the web page /sandbox/mail).
 */
export const sandboxEmailVendor: CarrierVendor<EmailCarrier> = {
  name: SANDBOX_EMAIL_CARRIER_NAME,
  create(host) {
    return { carrier: createSandboxEmailCarrier({ mailbox: host.sandbox.mailbox }) };
  },
};
