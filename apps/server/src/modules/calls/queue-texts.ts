import type { Locale } from '@accueil/domain';

/**
 * What the app says to a caller waiting in a team's queue, and the text a callback request
 * sends, per organisation language (docs/behaviour/calls.md, "The queue on the phone"):
 * - `message`: the product's queue message (the organisation's `queueMessage` replaces it), which
 *   tells the keys: 1 for a callback text, 0 for a voicemail;
 * - `callbackConfirmed`: said after key 1 once the text went out, before the call ends;
 * - `callbackNoNumber`: said after key 1 when the caller's number cannot be texted (hidden or
 *   unknown): they stay in the queue;
 * - `callbackText`: the text sent to the caller, `{name}` the organisation's name.
 */
type QueueTexts = {
  message: string;
  callbackConfirmed: string;
  callbackNoNumber: string;
  callbackText: string;
};

const QUEUE_TEXTS: Record<Locale, QueueTexts> = {
  'fr-CA': {
    message:
      'Tous nos agents sont présentement occupés. Restez en ligne, nous prendrons votre appel dès que possible. Pour recevoir un texto et être rappelé, appuyez sur 1. Pour laisser un message vocal, appuyez sur 0.',
    callbackConfirmed:
      'Votre demande de rappel est bien reçue. Nous vous avons envoyé un texto et nous vous rappellerons. Au revoir.',
    callbackNoNumber:
      'Votre numéro est masqué : nous ne pouvons pas vous envoyer de texto. Veuillez rester en ligne.',
    callbackText: 'Nous avons bien reçu votre demande de rappel. {name} vous rappellera dès que possible.',
  },
  'fr-FR': {
    message:
      'Tous nos conseillers sont actuellement occupés. Restez en ligne, nous prendrons votre appel dès que possible. Pour recevoir un SMS et être rappelé, tapez 1. Pour laisser un message vocal, tapez 0.',
    callbackConfirmed:
      'Votre demande de rappel est bien enregistrée. Nous vous avons envoyé un SMS et nous vous rappellerons. Au revoir.',
    callbackNoNumber:
      'Votre numéro est masqué : nous ne pouvons pas vous envoyer de SMS. Merci de rester en ligne.',
    callbackText: 'Nous avons bien reçu votre demande de rappel. {name} vous rappellera dès que possible.',
  },
  'en-CA': {
    message:
      'All of our staff are busy right now. Please stay on the line, we will take your call as soon as possible. To get a text and a call back, press 1. To leave a voicemail, press 0.',
    callbackConfirmed:
      'Your callback request is received. We sent you a text and we will call you back. Goodbye.',
    callbackNoNumber: 'Your number is hidden: we cannot send you a text. Please stay on the line.',
    callbackText: 'We received your callback request. {name} will call you back as soon as possible.',
  },
};

/** A text the carrier speaks, in `language` (the organisation's locale). */
export type QueueSpeech = { text: string; language: Locale };

/**
 * What a caller waiting in the queue hears, over and over until someone picks the call or they
 * press a key: `message` (the organisation's own `queueMessage`, or the product's text when it
 * has none), then `pauseSeconds` of hold music (`queueRepeatPauseSeconds`).
 */
export type QueuePrompt = { message: QueueSpeech; pauseSeconds: number };

/** The queue prompt of an organisation (see `QueuePrompt`); a blank `queueMessage` is none. */
export function queuePromptFor(input: {
  locale: Locale;
  queueMessage: string | null;
  queueRepeatPauseSeconds: number;
}): QueuePrompt {
  const own = input.queueMessage?.trim();
  return {
    message: { text: own || QUEUE_TEXTS[input.locale].message, language: input.locale },
    pauseSeconds: input.queueRepeatPauseSeconds,
  };
}

/** What the caller hears after key 1: the confirmation (`requested`) or that their number cannot be texted (`no-number`). */
export function callbackSpeech(locale: Locale, outcome: 'requested' | 'no-number'): QueueSpeech {
  const texts = QUEUE_TEXTS[locale];
  return {
    text: outcome === 'requested' ? texts.callbackConfirmed : texts.callbackNoNumber,
    language: locale,
  };
}

/** The callback request's text to the caller, in the organisation's language, with its name. */
export function callbackText(locale: Locale, organizationName: string): string {
  return QUEUE_TEXTS[locale].callbackText.replace('{name}', organizationName);
}
