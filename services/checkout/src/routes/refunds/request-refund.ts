/** The refund steps live in the domain module, shared with the dashboard's partial refund (docs/refunds.md). */
export * from '../../refunds/request-refund';
