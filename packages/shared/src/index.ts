export * from './authorities';
export * from './constants';
export * from './messages.vi';
export * from './core/api';
export * from './core/zod-vi';
