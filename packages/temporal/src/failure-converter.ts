import { DefaultFailureConverter } from '@temporalio/common';

/**
 * Failures keep their message and stack trace in an encoded payload, which the payload codec then
 * encrypts like any other: an error text that quotes an address (a refused recipient) stays out of
 * the history. Loaded by path (`failureConverterPath`) in the worker, the clients and the workflow
 * bundle, so this file imports nothing but the SDK.
 */
export const failureConverter = new DefaultFailureConverter({ encodeCommonAttributes: true });
