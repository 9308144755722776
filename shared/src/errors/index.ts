export { AppError, type ErrorDetail } from './app-error';
export * from './factories';
export { MESSAGES, UNHANDLED_ERROR_MESSAGE } from './messages';
