import { MESSAGE_BODY_MAX_CHARS } from '@accueil/domain';

/**
 * What the reply and the note fields share (Mantine `Textarea` props): one line growing to six,
 * the message body's longest (`MESSAGE_BODY_MAX_CHARS`), rounded as the composer's buttons.
 */
export const COMPOSER_FIELD_PROPS = {
  autosize: true,
  minRows: 1,
  maxRows: 6,
  maxLength: MESSAGE_BODY_MAX_CHARS,
  radius: 'md',
} as const;
