/**
 * Every table of the data model (docs/product/data-model.md#stored-tables), split by domain; drizzle-kit reads this
 * file.
 */
export * from './users';
export * from './catalogue';
export * from './plans';
export * from './content';
export * from './selections';
export * from './billing';
export * from './library';
export * from './sync';
export * from './analytics';
export * from './reviews';
export * from './email';
export * from './preferences';
export * from './chat';
export * from './feedback';
export * from './devices';
export * from './book-pages';
export * from './system';
export * from './challenges';
export * from './audit';
export * from './health';
export * from './abuse';
export * from './cache';
export * from './sign-in-throttle';
export * from './reading-stats';
export * from './finance-days';
export * from './highlights';
