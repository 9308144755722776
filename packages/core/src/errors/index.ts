export { AppError, type ErrorDetail } from './app-error';
export * from './error-answer';
export * from './factories';
export { MESSAGES } from './messages';
export { stableErrorCode } from './stable-codes';
