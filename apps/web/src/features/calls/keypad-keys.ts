/** A phone keypad's keys, in the order a phone shows them (the call panel's and the phone simulator's). */
export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
