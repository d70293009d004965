import type { InboundCallRoute, Locale, SchedulePeriod } from '@accueil/domain';

/** The greeting's texts in one language; `{name}` is the organisation's name. */
type GreetingTexts = {
  welcome: string;
  hold: string;
  voicemail: Record<SchedulePeriod, string>;
  noVoicemail: string;
};

/**
 * What an inbound call hears before the queue, the team's browsers or the voicemail: the
 * product's own texts until organisations record their own greetings. Spoken in the
 * organisation's locale (the carrier's text-to-speech, e.g. Twilio's `<Say language>`).
 */
const GREETINGS: Record<Locale, GreetingTexts> = {
  'fr-CA': {
    welcome: 'Bonjour, vous avez joint {name}.',
    hold: 'Veuillez patienter, nous prenons votre appel dans un instant.',
    voicemail: {
      OPEN: 'Nous ne pouvons pas vous répondre pour le moment. Laissez-nous un message après le bip.',
      CLOSE:
        'Nos bureaux sont présentement fermés. Laissez-nous un message après le bip, nous vous rappellerons.',
      BREAK:
        'Nous sommes en pause. Laissez-nous un message après le bip, nous vous rappellerons à notre retour.',
      VACATION:
        'Nous sommes en vacances. Laissez-nous un message après le bip, nous vous rappellerons à notre retour.',
    },
    noVoicemail: 'Nous ne pouvons pas prendre votre appel pour le moment. Veuillez rappeler plus tard.',
  },
  'fr-FR': {
    welcome: 'Bonjour, vous êtes bien chez {name}.',
    hold: 'Merci de patienter, nous prenons votre appel dans un instant.',
    voicemail: {
      OPEN: 'Nous ne pouvons pas vous répondre pour le moment. Laissez-nous un message après le bip.',
      CLOSE:
        'Nos bureaux sont actuellement fermés. Laissez-nous un message après le bip, nous vous rappellerons.',
      BREAK:
        'Nous sommes en pause. Laissez-nous un message après le bip, nous vous rappellerons à notre retour.',
      VACATION:
        'Nous sommes en congés. Laissez-nous un message après le bip, nous vous rappellerons à notre retour.',
    },
    noVoicemail: 'Nous ne pouvons pas prendre votre appel pour le moment. Merci de rappeler plus tard.',
  },
  'en-CA': {
    welcome: 'Hello, you have reached {name}.',
    hold: 'Please hold, we will take your call in a moment.',
    voicemail: {
      OPEN: 'We cannot take your call right now. Please leave a message after the beep.',
      CLOSE: 'Our office is closed. Please leave a message after the beep and we will call you back.',
      BREAK:
        'We are on a break. Please leave a message after the beep and we will call you back when we return.',
      VACATION:
        'We are on vacation. Please leave a message after the beep and we will call you back when we return.',
    },
    noVoicemail: 'We cannot take your call right now. Please call again later.',
  },
};

/**
 * The organisation's own voicemail greeting of a period (Phones settings), as the calls module
 * reads it: its switch, its source and text, the id of its audio (FILE, RECORDING) if stored.
 */
export type CustomGreeting = {
  id: string;
  enabled: boolean;
  source: 'FILE' | 'TTS' | 'RECORDING';
  text: string | null;
  hasAudio: boolean;
};

/**
 * What the caller hears: `text` spoken in `language` (the locale's tag), or the stored audio of
 * greeting `audioGreetingId` when there is one (the text stays for carriers that only speak);
 * `voicemail` false when the period's voicemail is off (no message is recorded, the call ends).
 */
export type Greeting = { text: string; language: Locale; voicemail: boolean; audioGreetingId?: string };

/**
 * The greeting of an inbound call: the welcome with the organisation's name, then "please hold"
 * (queue, ring) or the voicemail text of the team's period. With the organisation's own
 * greeting for that period (`custom`, voicemail route only): turned off, the caller hears that
 * nobody can answer and no message is recorded; TTS, its text replaces the voicemail text;
 * FILE or RECORDING, its audio is played (the default text stays as the spoken fallback).
 * Without one: the product's texts, voicemail on.
 */
export function greetingFor(input: {
  locale: Locale;
  organizationName: string;
  period: SchedulePeriod;
  route: InboundCallRoute;
  custom?: CustomGreeting | null;
}): Greeting {
  const texts = GREETINGS[input.locale];
  const welcome = texts.welcome.replace('{name}', input.organizationName);
  const custom = input.route === 'voicemail' ? (input.custom ?? null) : null;
  if (custom && !custom.enabled)
    return { text: `${welcome} ${texts.noVoicemail}`, language: input.locale, voicemail: false };
  const next = input.route === 'voicemail' ? texts.voicemail[input.period] : texts.hold;
  const greeting: Greeting = { text: `${welcome} ${next}`, language: input.locale, voicemail: true };
  if (custom?.source === 'TTS' && custom.text) greeting.text = custom.text;
  if (custom && custom.source !== 'TTS' && custom.hasAudio) greeting.audioGreetingId = custom.id;
  return greeting;
}
