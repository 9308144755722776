/**
 * `@groupsplit/shared`: one barrel over the capability packages (packages/*, docs/development.md), so that a
 * service imports everything it needs from one name. It holds no code of its own.
 */
export * from '@groupsplit/auth';
export * from '@groupsplit/config';
export * from '@groupsplit/core';
export * from '@groupsplit/db';
export * from '@groupsplit/email';
export * from '@groupsplit/events';
export * from '@groupsplit/http';
export * from '@groupsplit/metrics';
export * from '@groupsplit/net';
export * from '@groupsplit/processor';
export * from '@groupsplit/temporal';
