export * from './constants';
export * from './messages';
export * from './fields';
export * from './errors';
export * from './auth';
