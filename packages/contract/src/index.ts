export * from './envelope';
export * from './define';
export * from './coerce';
export * from './client';
export * from './methods';
export * from './realtime';
export * from './auth';
