export * from './users';
export * from './catalogue';
export * from './plans';
export * from './content';
