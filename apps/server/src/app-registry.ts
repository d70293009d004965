import type { AppModule } from './app-module';
import {
  chooseVendor,
  type CarrierHost,
  type CarrierSlot,
  type CarrierVendor,
} from './carriers/carrier-slot';
import type { EmailChannelCarrier } from './carriers/email-channel/email-channel-carrier';
import { imapChannelVendor } from './carriers/email-channel/imap/imap-channel-vendor';
import { sandboxChannelVendor } from './carriers/email-channel/sandbox/sandbox-channel-vendor';
import type { EmailCarrier } from './carriers/email/email-carrier';
import { sandboxEmailVendor } from './carriers/email/sandbox/sandbox-email-vendor';
import { smtpEmailVendor } from './carriers/email/smtp/smtp-vendor';
import type { MessagingCarrier } from './carriers/messaging/messaging-carrier';
import { sandboxMessagingVendor } from './carriers/messaging/sandbox/sandbox-vendor';
import { diskStorageVendor } from './carriers/storage/disk/disk-vendor';
import { s3StorageVendor } from './carriers/storage/s3/s3-vendor';
import type { StorageCarrier } from './carriers/storage/storage-carrier';
import type { VoiceCarrier } from './carriers/voice/voice-carrier';
import { twilioMessagingVendor, twilioVoiceVendor } from './carriers/twilio-vendors';
import { emailCarrierName, storageCarrierName, type Config } from './config';
import { publicConfigModule } from './http/public-config.module';
import type { AppInstance } from './http/types';
import { agendaModule } from './modules/agenda/agenda.module';
import { attachmentsModule } from './modules/attachments/attachments.module';
import { auditModule } from './modules/audit/audit.module';
import { callsModule } from './modules/calls/calls.module';
import { automationsModule } from './modules/automations/automations.module';
import { phoneSettingsModule } from './modules/phone-settings/phone-settings.module';
import { communicationModule } from './modules/communication/communication.module';
import { labelsModule } from './modules/labels/labels.module';
import { authModule } from './modules/auth/auth.module';
import { contactsModule } from './modules/contacts/contacts.module';
import { conversationsModule } from './modules/conversations/conversations.module';
import { linksModule } from './modules/links/links.module';
import { pushModule } from './modules/push/push.module';
import { libraryModule } from './modules/library/library.module';
import { impersonationModule } from './modules/impersonation/impersonation.module';
import { mailModule } from './modules/mail/mail.module';
import { messagingV1Module } from './modules/messaging-v1/messaging-v1.module';
import { messagesModule } from './modules/messages/messages.module';
import { onboardingModule } from './modules/onboarding/onboarding.module';
import { passwordsModule } from './modules/passwords/passwords.module';
import { organizationsModule } from './modules/organizations/organizations.module';
import { sandboxVoiceVendor } from './carriers/voice/sandbox/sandbox-voice-vendor';
import { sandboxModule } from './modules/sandbox/sandbox.module';
import { secureFilesModule } from './modules/secure-files/secure-files.module';
import { scheduledMessagesModule } from './modules/scheduled-messages/scheduled-messages.module';
import { serviceStatusModule } from './modules/service-status/service-status.module';
import { operationsModule } from './modules/operations/operations.module';
import { statisticsModule } from './modules/statistics/statistics.module';
import { supportModule } from './modules/support/support.module';
import { emailModule } from './modules/email/email.module';
import { teamsModule } from './modules/teams/teams.module';
import { usersModule } from './modules/users/users.module';
import type { RealtimeNamespace } from './realtime/realtime-namespace';

/**
 * Every module of the server, in the order `buildApp` registers their routes (OpenAPI lists
 * them in this order). A new module: its `<module>.module.ts` descriptor, one line here.
 */
export const MODULES: readonly AppModule[] = [
  publicConfigModule,
  authModule,
  conversationsModule,
  messagesModule,
  agendaModule,
  mailModule,
  passwordsModule,
  contactsModule,
  onboardingModule,
  impersonationModule,
  serviceStatusModule,
  operationsModule,
  supportModule,
  teamsModule,
  usersModule,
  auditModule,
  communicationModule,
  organizationsModule,
  scheduledMessagesModule,
  linksModule,
  pushModule,
  libraryModule,
  callsModule,
  automationsModule,
  phoneSettingsModule,
  statisticsModule,
  emailModule,
  attachmentsModule,
  secureFilesModule,
  labelsModule,
  messagingV1Module,
  sandboxModule,
];

/** Messaging: the sandbox's simulated phones or Twilio, as `MESSAGING_CARRIER` names. */
const messagingCarrier: CarrierSlot<MessagingCarrier> = {
  choose: (config) => config.MESSAGING_CARRIER,
  vendors: [sandboxMessagingVendor, twilioMessagingVendor],
};

/** E-mail: nodemailer to `SMTP_URL`, or the sandbox mailbox (/sandbox/mail); see `emailCarrierName`. */
const emailCarrier: CarrierSlot<EmailCarrier> = {
  choose: emailCarrierName,
  vendors: [sandboxEmailVendor, smtpEmailVendor],
};

/** The e-mail channel (teams' own mailboxes): the sandbox mailbox or IMAP + SMTP, as `EMAIL_CHANNEL_CARRIER` names. */
const emailChannelCarrier: CarrierSlot<EmailChannelCarrier> = {
  choose: (config) => config.EMAIL_CHANNEL_CARRIER,
  vendors: [sandboxChannelVendor, imapChannelVendor],
};

/** Voice: the app's own sandbox network or Twilio Voice, as `VOICE_CARRIER` names. */
const voiceCarrier: CarrierSlot<VoiceCarrier> = {
  choose: (config) => config.VOICE_CARRIER,
  vendors: [sandboxVoiceVendor, twilioVoiceVendor],
};

/** Storage: files under `DATA_DIR/files` (in memory with `memory://`), or in an S3 bucket; see `storageCarrierName`. */
const storageCarrier: CarrierSlot<StorageCarrier> = {
  choose: storageCarrierName,
  vendors: [diskStorageVendor, s3StorageVendor],
};

/**
 * Every carrier capability, each a slot whose vendor the configuration names. A new capability
 * is one line here with its slot written like `voiceCarrier`: `AppDeps` gets `deps.<key>` from
 * this list, `buildApp` builds it and registers its vendor's routes and namespaces.
 */
export const CARRIERS = {
  messaging: messagingCarrier,
  email: emailCarrier,
  emailChannel: emailChannelCarrier,
  voice: voiceCarrier,
  storage: storageCarrier,
} as const satisfies Record<string, CarrierSlot<unknown>>;

type Carriers = typeof CARRIERS;

/** One carrier per capability of `CARRIERS`, as `AppDeps` holds them (`deps.messaging`). */
export type CarrierDeps = { [K in keyof Carriers]: Carriers[K] extends CarrierSlot<infer C> ? C : never };

/** The vendor the configuration names for each capability. */
export type ChosenVendors = { [K in keyof Carriers]: CarrierVendor<CarrierDeps[K]> };

/**
 * The vendors the configuration names, one per capability (their realtime namespaces must be
 * known before the realtime server starts, and the carriers are built after it).
 * @throws Error when a name matches no vendor.
 */
export function chooseVendors(config: Config): ChosenVendors {
  // Object.fromEntries loses which key holds which type; each entry is chosen from its own slot.
  return Object.fromEntries(
    Object.entries(CARRIERS).map(([key, slot]: [string, CarrierSlot<unknown>]) => [
      key,
      chooseVendor(slot, config),
    ]),
  ) as ChosenVendors;
}

/** The realtime namespaces of every module and chosen vendor. */
export function realtimeNamespaces(vendors: ChosenVendors): RealtimeNamespace[] {
  return [
    ...MODULES.flatMap((m) => m.realtime ?? []),
    ...Object.values(vendors).flatMap((v: CarrierVendor<unknown>) => v.realtime ?? []),
  ];
}

/**
 * Builds the chosen carriers: what `AppDeps` holds of them, and their vendors' routes.
 * @throws Error when the configuration lacks what a vendor needs.
 */
export async function createCarriers(
  vendors: ChosenVendors,
  host: CarrierHost,
): Promise<{ deps: CarrierDeps; routes: ((app: AppInstance) => Promise<void>)[] }> {
  const built = await Promise.all(
    Object.entries(vendors).map(
      async ([key, vendor]: [string, CarrierVendor<unknown>]) => [key, await vendor.create(host)] as const,
    ),
  );
  return {
    // As above: each carrier was built by the vendor chosen for its own key.
    deps: Object.fromEntries(built.map(([key, b]) => [key, b.carrier])) as CarrierDeps,
    routes: built.flatMap(([, b]) => (b.routes ? [b.routes] : [])),
  };
}
