import type { CarrierVendor } from '../../carrier-slot';
import type { EmailCarrier } from '../email-carrier';
import { createSmtpEmailCarrier, SMTP_CARRIER_NAME } from './smtp-email-carrier';

/**
 * The SMTP e-mail vendor (`EMAIL_CARRIER=smtp`, or `SMTP_URL` set): nodemailer to `SMTP_URL`.
 * It brings no routes.
 * @throws Error from `create` when `SMTP_URL` is missing (config validation prevents it).
 */
export const smtpEmailVendor: CarrierVendor<EmailCarrier> = {
  name: SMTP_CARRIER_NAME,
  create({ config }) {
    if (!config.SMTP_URL) throw new Error('EMAIL_CARRIER=smtp needs SMTP_URL');
    return { carrier: createSmtpEmailCarrier({ url: config.SMTP_URL }) };
  },
};
