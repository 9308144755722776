import { authRoutes } from './auth';
import { checkoutRoutes } from './checkout';
import { emailRoutes } from './email';
import { merchantRoutes } from './merchants';
import type { RouteRule } from './types';

/**
 * Every public route family. Specific rules come before the prefix catch-alls, so the
 * checkout routes nested under /api/merchants/checkout are matched before /api/merchants/**.
 */
export const routeTable: readonly RouteRule[] = [...authRoutes, ...emailRoutes, ...checkoutRoutes, ...merchantRoutes];
