import { randomUUID } from 'node:crypto';
import { validate, validBody } from '@groupsplit/shared';
import { pingUpdate, skeletonWorkflow, skeletonWorkflowId } from '@groupsplit/workflows';
import Router from '@koa/router';
import { WithStartWorkflowOperation } from '@temporalio/client';
import type { CheckoutDeps } from '../../deps';
import { PingSchema } from './schema';

/** Walking skeleton: one update-with-start round trip through the worker into Postgres. */
export function skeletonRoutes({ config, temporal }: CheckoutDeps): Router {
  const router = new Router();
  router.post('/api/_skeleton/ping', validate('body', PingSchema), async (ctx) => {
    const { message } = validBody(ctx, PingSchema);
    const workflowId = skeletonWorkflowId(randomUUID());
    const startWorkflowOperation = new WithStartWorkflowOperation(skeletonWorkflow, {
      workflowId,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowIdConflictPolicy: 'FAIL',
    });
    const id = await temporal.client.workflow.executeUpdateWithStart(pingUpdate, {
      args: [message],
      startWorkflowOperation,
    });
    ctx.status = 201;
    ctx.body = { id, workflow_id: workflowId };
  });
  return router;
}
