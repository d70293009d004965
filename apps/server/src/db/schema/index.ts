export * from './organizations';
export * from './teams';
export * from './users';
export * from './sessions';
export * from './contacts';
export * from './conversations';
export * from './messages';
export * from './sandbox';
