import type { InboundCallRoute, Locale, SchedulePeriod } from '@accueil/domain';

/** The greeting's texts in one language; `{name}` is the organisation's name. */
type GreetingTexts = { welcome: string; hold: string; voicemail: Record<SchedulePeriod, string> };

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
      CLOSE: 'Nos bureaux sont présentement fermés. Laissez-nous un message après le bip, nous vous rappellerons.',
      BREAK: 'Nous sommes en pause. Laissez-nous un message après le bip, nous vous rappellerons à notre retour.',
      VACATION: 'Nous sommes en vacances. Laissez-nous un message après le bip, nous vous rappellerons à notre retour.',
    },
  },
  'fr-FR': {
    welcome: 'Bonjour, vous êtes bien chez {name}.',
    hold: 'Merci de patienter, nous prenons votre appel dans un instant.',
    voicemail: {
      OPEN: 'Nous ne pouvons pas vous répondre pour le moment. Laissez-nous un message après le bip.',
      CLOSE: 'Nos bureaux sont actuellement fermés. Laissez-nous un message après le bip, nous vous rappellerons.',
      BREAK: 'Nous sommes en pause. Laissez-nous un message après le bip, nous vous rappellerons à notre retour.',
      VACATION: 'Nous sommes en congés. Laissez-nous un message après le bip, nous vous rappellerons à notre retour.',
    },
  },
  'en-CA': {
    welcome: 'Hello, you have reached {name}.',
    hold: 'Please hold, we will take your call in a moment.',
    voicemail: {
      OPEN: 'We cannot take your call right now. Please leave a message after the beep.',
      CLOSE: 'Our office is closed. Please leave a message after the beep and we will call you back.',
      BREAK: 'We are on a break. Please leave a message after the beep and we will call you back when we return.',
      VACATION: 'We are on vacation. Please leave a message after the beep and we will call you back when we return.',
    },
  },
};

/**
 * The greeting of an inbound call: the welcome with the organisation's name, then "please hold"
 * (queue, ring) or the voicemail text of the team's period. `language` is the locale's tag.
 */
export function greetingFor(input: { locale: Locale; organizationName: string; period: SchedulePeriod; route: InboundCallRoute }): { text: string; language: Locale } {
  const texts = GREETINGS[input.locale];
  const next = input.route === 'voicemail' ? texts.voicemail[input.period] : texts.hold;
  return { text: `${texts.welcome.replace('{name}', input.organizationName)} ${next}`, language: input.locale };
}
