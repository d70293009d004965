import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * How a text will travel as SMS. GSM-7 texts hold 160 characters in one segment and 153 per
 * segment once split (7 go to the header that joins them); a single character outside GSM-7
 * (ê, ’, an emoji…) makes the whole text UCS-2: 70 in one, 67 per segment when split.
 * Carriers bill each segment as a text.
 */
export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Segments the text takes (0 for an empty text). */
  segments: number;
  /** Characters counted the carrier's way: GSM-7 septets (€, [ … take two) or UCS-2 code units. */
  used: number;
  /** Characters the current number of segments (at least one) can hold. */
  capacity: number;
  /** The characters that force UCS-2, each once, in order of appearance. */
  nonGsm: string[];
}

const PER_SEGMENT = { 'GSM-7': { single: 160, split: 153 }, 'UCS-2': { single: 70, split: 67 } } as const;

/** Segments of `text` as the carrier will count them (Twilio's own calculator). */
export function smsSegments(text: string): SmsSegments {
  if (text === '')
    return { encoding: 'GSM-7', segments: 0, used: 0, capacity: PER_SEGMENT['GSM-7'].single, nonGsm: [] };
  const message = new SegmentedMessage(text);
  const encoding = message.encodingName;
  const used = Math.ceil(message.messageSize / (encoding === 'GSM-7' ? 7 : 16));
  const segments = message.segmentsCount;
  const per = PER_SEGMENT[encoding];
  const capacity = segments <= 1 ? per.single : per.split * segments;
  return { encoding, segments, used, capacity, nonGsm: [...new Set(message.getNonGsmCharacters())] };
}
