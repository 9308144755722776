import type { Config } from '@groupsplit/config';
import { payloadKeyring } from '@groupsplit/config';
import type { DataConverter } from '@temporalio/common';
import { AesGcmPayloadCodec } from './payload-codec';

export type PayloadKeySettings = Pick<Config, 'TEMPORAL_PAYLOAD_KEYS' | 'TEMPORAL_PAYLOAD_KEY_ID'>;

/** For `bundleWorkflowCode` too, so failures raised in workflow code are encoded as well. */
export const FAILURE_CONVERTER_PATH = require.resolve('./failure-converter');

/**
 * The one data converter of every Temporal client, worker and replayer of this system: payloads
 * encrypted with the configured keys (payload-codec.ts), failure messages and stack traces among
 * them (failure-converter.ts). Anything that talks to Temporal takes it
 * from here, so none can write a payload in plaintext or fail to read an encrypted one.
 */
export function temporalDataConverter(config: PayloadKeySettings): DataConverter {
  return {
    payloadCodecs: [new AesGcmPayloadCodec(payloadKeyring(config))],
    failureConverterPath: FAILURE_CONVERTER_PATH,
  };
}
