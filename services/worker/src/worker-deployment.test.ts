import {
  authoriseShare,
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { workerDeploymentOptions } from './worker';

/**
 * TEMPORAL_WORKER_BUILD_ID (docs/workflow-versioning.md, "Worker Deployments"): the worker joins the
 * Worker Deployment named after its task queue, takes splits once its version is current, and the
 * splits it starts auto-upgrade.
 */
describe('the worker with TEMPORAL_WORKER_BUILD_ID', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  const BUILD = 'build-1';

  beforeAll(async () => {
    stack = await startStack({ TEMPORAL_WORKER_BUILD_ID: BUILD });
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('is unversioned without a build id, and auto-upgrading with one', () => {
    expect(workerDeploymentOptions({ TEMPORAL_TASK_QUEUE: 'groupsplit', TEMPORAL_WORKER_BUILD_ID: undefined })).toBe(
      undefined,
    );
    expect(workerDeploymentOptions({ TEMPORAL_TASK_QUEUE: 'groupsplit', TEMPORAL_WORKER_BUILD_ID: 'abc' })).toEqual({
      version: { deploymentName: 'groupsplit', buildId: 'abc' },
      useWorkerVersioning: true,
      defaultVersioningBehavior: 'AUTO_UPGRADE',
    });
  });

  it('registers its version, and once it is current runs a split to capture on it, auto-upgrading', async () => {
    const service = stack.temporal.client.workflowService;
    const { namespace } = stack.temporal.client.options;
    const deploymentName = stack.config.TEMPORAL_TASK_QUEUE;
    const described = await waitUntil(
      `version ${BUILD} registered in deployment ${deploymentName}`,
      () => service.describeWorkerDeployment({ namespace, deploymentName }).catch(() => null),
      (answer) =>
        answer?.workerDeploymentInfo?.versionSummaries?.some((v) => v.deploymentVersion?.buildId === BUILD) ?? false,
    );
    await service.setWorkerDeploymentCurrentVersion({
      namespace,
      deploymentName,
      buildId: BUILD,
      conflictToken: described!.conflictToken,
      identity: 'worker-deployment.test',
    });

    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [{ email: uniqueEmail('payer'), amountMinor: 1200 }],
    });
    expect(created.status).toBe(201);
    const split = created.body as { id: string; participants: { payToken: string }[] };
    expect((await authoriseShare(stack, split.participants[0]!.payToken)).status).toBe(200);
    expect((await waitForSplitStatus(stack, split.id, ['captured'])).status).toBe('captured');

    const { raw } = await stack.temporal.client.workflow.getHandle(`split:${split.id}`).describe();
    const versioning = raw.workflowExecutionInfo?.versioningInfo;
    expect(versioning?.deploymentVersion).toMatchObject({ deploymentName, buildId: BUILD });
    // 2 = VERSIONING_BEHAVIOR_AUTO_UPGRADE
    expect(versioning?.behavior).toBe(2);
  });
});
