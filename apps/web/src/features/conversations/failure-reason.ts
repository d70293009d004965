/**
 * Why a text failed, in words a receptionist can act on. The carrier reports a failure with
 * its own numeric error code (Twilio's codes, which the sandbox imitates); several codes share
 * one reason. Catalogue key: `conversations.failure.<reason>`.
 */
export type FailureReason =
  | 'landline'
  | 'unreachable'
  | 'unknown-number'
  | 'invalid-number'
  | 'blocked'
  | 'spam'
  | 'unsubscribed'
  | 'region'
  | 'carrier'
  | 'unknown';

/**
 * Carrier error code → reason (Twilio's messaging error dictionary):
 * 30006 landline or unreachable carrier, 21614 "To" is not a mobile number; 30003 handset
 * unreachable (off, out of coverage), 21612 not reachable by SMS; 30005 unknown or inactive
 * number; 21211 invalid "To" number; 30004 blocked by the recipient or their carrier, 30034
 * unregistered sender blocked; 30007 filtered as spam; 21610 the person answered STOP;
 * 21408 texting that country is not enabled; 30001, 30002, 30009, 30010 problems on the
 * sending side (queue overflow, account suspended, missing segment, price above maximum);
 * 30008 and anything else: unknown.
 */
const REASON_BY_CODE: Readonly<Record<string, FailureReason>> = {
  '30006': 'landline',
  '21614': 'landline',
  '30003': 'unreachable',
  '21612': 'unreachable',
  '30005': 'unknown-number',
  '21211': 'invalid-number',
  '30004': 'blocked',
  '30034': 'blocked',
  '30007': 'spam',
  '21610': 'unsubscribed',
  '21408': 'region',
  '30001': 'carrier',
  '30002': 'carrier',
  '30009': 'carrier',
  '30010': 'carrier',
  '30008': 'unknown',
};

/** The reason of a failed text from the carrier's error code (`null` or unlisted → `unknown`). */
export function failureReason(errorCode: string | null | undefined): FailureReason {
  return (errorCode && REASON_BY_CODE[errorCode.trim()]) || 'unknown';
}
