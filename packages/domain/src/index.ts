export * from './languages';
export * from './response-codes';
export * from './constants';
export * from './validation';
export * from './error-message';
export * from './pkce';
export * from './brands';
export * from './viewport';
