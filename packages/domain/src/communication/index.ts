export * from './tokens';
export * from './text-blocks';
export * from './automatic-replies';
export * from './templates';
