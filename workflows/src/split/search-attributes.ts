import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Search attributes of `split:<id>`: operators find splits by status, merchant and mode. */
export const SPLIT_STATUS_KEY = defineSearchAttributeKey('SplitStatus', SearchAttributeType.KEYWORD);
export const MERCHANT_ID_KEY = defineSearchAttributeKey('MerchantId', SearchAttributeType.KEYWORD);
export const SPLIT_MODE_KEY = defineSearchAttributeKey('SplitMode', SearchAttributeType.KEYWORD);
