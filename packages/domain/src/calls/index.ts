export * from './constants';
export * from './voice-call';
export * from './call-panel';
export * from './voice-device';
export * from './queue-call';
export * from './call-record';
