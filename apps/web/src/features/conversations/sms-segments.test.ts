import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments';

describe('smsSegments', () => {
  it('holds 160 GSM-7 characters in one segment and 153 a segment once split', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({
      encoding: 'GSM-7',
      segments: 1,
      used: 160,
      capacity: 160,
    });
    expect(smsSegments('a'.repeat(161))).toMatchObject({
      encoding: 'GSM-7',
      segments: 2,
      used: 161,
      capacity: 306,
    });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3, capacity: 459 });
  });

  it('holds 70 UCS-2 characters in one segment and 67 a segment once split, and names the culprits', () => {
    expect(smsSegments(`Fête ${'a'.repeat(65)}`)).toMatchObject({
      encoding: 'UCS-2',
      segments: 1,
      used: 70,
      capacity: 70,
      nonGsm: ['ê'],
    });
    expect(smsSegments(`Fête ${'a'.repeat(66)}`)).toMatchObject({
      encoding: 'UCS-2',
      segments: 2,
      used: 71,
      capacity: 134,
    });
  });

  it('counts GSM-7 extension characters twice and keeps é in GSM-7', () => {
    expect(smsSegments('€é')).toMatchObject({ encoding: 'GSM-7', used: 3, segments: 1 });
  });

  it('counts nothing for an empty text', () => {
    expect(smsSegments('')).toMatchObject({ segments: 0, used: 0, capacity: 160 });
  });
});
