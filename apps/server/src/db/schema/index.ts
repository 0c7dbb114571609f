export * from './facilities';
export * from './accounts';
export * from './auth';
export * from './audit';
export * from './catalog';
export * from './catalog-reference';
export * from './patients';
export * from './doctors';
