/**
 * `@groupsplit/core/browser`: the parts of core the dashboard bundles into the browser (the permission table,
 * money formatting, the readiness gates and the error messages they quote). Every module here imports only
 * other such modules: no package at all and no Node built-in, so the bundle stays small and the app decides
 * exactly what the services decide (dashboard/src/bundle.test.ts checks what the bundle holds).
 */

export { AppError, type ErrorDetail } from './errors/app-error';
export { MESSAGES } from './errors/messages';
export {
  GATES,
  type Gate,
  type GateCode,
  isVerified,
  type MerchantGates,
  PAYMENTS_NEED_VERIFICATION,
  UNPAID_BILL_PAUSE_DAYS,
} from './gate-table';
export { HOLD_LAPSES_SOONER_MS, lapsesSooner } from './hold-lapse';
export { decimalPounds, formatPounds, MoneyFormatError, type Pence, poundsToPence } from './money';
export {
  type Action,
  authorize,
  canManageRole,
  isAllowed,
  POLICY,
  type PolicyActor,
  type PolicyResource,
  ROLES,
  type Role,
} from './policy';
