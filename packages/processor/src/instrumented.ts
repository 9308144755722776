import { processorCallErrors, processorCalls } from '@groupsplit/metrics';
import type { Processor } from './contract';
import { isProcessorError } from './errors';

const OPERATION_BY_METHOD: Partial<Record<keyof Processor, string>> = {
  createAccount: 'account.create',
  retrieveAccount: 'account.retrieve',
  createOnboardingLink: 'account_link.create',
  createHold: 'hold.create',
  confirmHold: 'hold.confirm',
  captureHold: 'hold.capture',
  releaseHold: 'hold.release',
  retrieveHold: 'hold.retrieve',
  refund: 'refund.create',
  listRefunds: 'refund.list',
  refundApplicationFee: 'application_fee.refund',
  createBillingCustomer: 'customer.create',
  attachBillingCard: 'payment_method.attach',
  detachBillingCard: 'payment_method.detach',
  chargeBillingCard: 'billing.charge',
  createCardSetup: 'card_setup.create',
  retrieveCardSetup: 'card_setup.retrieve',
  retrieveCardSetupIntent: 'setup_intent.retrieve',
  registerPaymentMethodDomain: 'payment_method_domain.register',
};

function observe(operation: string, mode: string, started: number, error?: unknown) {
  const outcome = error === undefined ? 'ok' : 'error';
  processorCalls.record({ operation, mode, outcome }, started);
  if (error !== undefined) {
    processorCallErrors.inc({
      operation,
      mode,
      kind: isProcessorError(error) ? error.kind : 'unknown',
      retryable: isProcessorError(error) ? String(error.retryable) : 'unknown',
    });
  }
}

/**
 * The same processor, with every network call counted and timed (the adapter itself stays
 * free of metrics). Synchronous methods such as parseWebhook pass straight through.
 */
export function instrumentProcessor(processor: Processor): Processor {
  const wrapped = { ...processor } as Record<string, unknown>;
  for (const [method, operation] of Object.entries(OPERATION_BY_METHOD)) {
    const original = (processor as unknown as Record<string, unknown>)[method];
    if (typeof original !== 'function') continue;
    wrapped[method] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        const result = await original.apply(processor, args);
        observe(operation, processor.mode, started);
        return result;
      } catch (error) {
        observe(operation, processor.mode, started, error);
        throw error;
      }
    };
  }
  return wrapped as unknown as Processor;
}
