/**
 * `@groupsplit/shared/browser`: the parts of shared the dashboard bundles into the browser, all of them
 * `@groupsplit/core/browser` (the permission table, money formatting, the readiness gates and the error
 * messages they quote). That entry imports no package and no Node built-in: no koa, pg, stripe or nodemailer,
 * so the bundle stays small and the app decides exactly what the services decide
 * (dashboard/src/bundle.test.ts checks what the bundle holds).
 */
export * from '@groupsplit/core/browser';
