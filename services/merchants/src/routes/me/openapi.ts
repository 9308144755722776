import { FAMILIES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { MerchantSchema } from './schema';

export const mePaths: OpenApiPaths = operations(FAMILIES.account, {
  'GET /api/merchants/me': {
    id: 'getMerchant',
    summary: 'The business you act for',
    description:
      'Readable by every role. `gates` say, for the mode asked (X-Service-Mode), whether the business can take splits ' +
      'and send invoices, and what to fix if not. When the processor account still looks incomplete, it is re-read ' +
      'from the processor first.',
    business: { mode: true },
    responses: { 200: { description: 'The merchant record.', schema: MerchantSchema } },
  },
});
