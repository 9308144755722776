import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, createLogger, temporalDataConverter } from '@groupsplit/shared';
import { createWorker } from '@groupsplit/worker';
import type { VersioningBehavior } from '@temporalio/common';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import {
  authoriseShare,
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  waitForSplitStatus,
} from '../factories-processor';
import { createCapturedSplit } from '../factories-refunds';
import { uniqueEmail } from '../mail';
import { type Stack, startStack } from '../stack';
import { waitUntil } from '../wait';
import { CLUSTER_START_TIMEOUT_MS, type RunningCluster, startCluster } from './versioning/start-cluster';

/**
 * The Worker Versioning trial (docs/workflow-versioning.md, "Worker Deployments"; the numbers in
 * bench/history/2026-12-versioning.md), on Temporal's real server (`npm run test:cluster`):
 * build A (today's workflow bundle) runs splits, pinned; build B (build-b-workflows.ts: the split
 * workflow with one more timer, a change that would otherwise need a patch) joins the same Worker
 * Deployment and is made current. New splits go to B, open splits stay on A until they close, A drains.
 * A split A captured stays pinned to A for its refund window, and B's code cannot replay its history.
 */
const ROOT = join(__dirname, '..', '..', '..');
const DRAINED_TIMEOUT_MS = 20 * 60_000;
const quiet = { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} };

type Build = Awaited<ReturnType<typeof createWorker>> & { run: Promise<void>; buildId: string };

const BEHAVIOUR = ['unspecified', 'PINNED', 'AUTO_UPGRADE'];
const VERSION_STATUS = ['unspecified', 'inactive', 'current', 'ramping', 'draining', 'drained'];
const DRAINAGE = ['unspecified', 'draining', 'drained'];
const mib = (bytes: number) => Math.round(bytes / 2 ** 20);

describe('Worker Deployments on the Temporal cluster: build B takes new splits while build A drains', () => {
  let cluster: RunningCluster;
  let stack: Stack;
  let shop: SplitReadyMerchant;
  let buildA: Build | undefined;
  let buildB: Build | undefined;
  let bundleB: string;
  const numbers: Record<string, string | number> = {};

  const logger = createLogger('versioning-trial', 'warn');
  const service = () => stack.temporal.client.workflowService;
  const namespace = () => stack.temporal.client.options.namespace;
  const deploymentName = () => stack.config.TEMPORAL_TASK_QUEUE;

  async function startBuild(
    buildId: string,
    workflowBundlePath: string,
    behaviour: VersioningBehavior,
    taskQueue = deploymentName(),
  ) {
    const config: Config = { ...stack.config, TEMPORAL_TASK_QUEUE: taskQueue, TEMPORAL_WORKER_BUILD_ID: buildId };
    const started = await createWorker({
      config,
      db: stack.db,
      logger,
      workflowBundlePath,
      versioningBehavior: behaviour,
    });
    return { ...started, run: started.worker.run(), buildId };
  }
  async function stopBuild(build: Build) {
    build.worker.shutdown();
    await build.run.catch(() => undefined);
    await build.connection.close();
  }

  /** Waits for the build's pollers to register its version, then makes it the deployment's current version. */
  async function makeCurrent(buildId: string, deployment = deploymentName()) {
    const described = await waitUntil(
      `version ${buildId} registered`,
      () =>
        service()
          .describeWorkerDeployment({ namespace: namespace(), deploymentName: deployment })
          .catch(() => null),
      (answer) =>
        answer?.workerDeploymentInfo?.versionSummaries?.some((v) => v.deploymentVersion?.buildId === buildId) ?? false,
      60_000,
    );
    await service().setWorkerDeploymentCurrentVersion({
      namespace: namespace(),
      deploymentName: deployment,
      buildId,
      conflictToken: described!.conflictToken,
      identity: 'versioning-trial',
    });
    return Date.now();
  }
  async function version(buildId: string, deployment = deploymentName()) {
    const { workerDeploymentVersionInfo: info } = await service().describeWorkerDeploymentVersion({
      namespace: namespace(),
      deploymentVersion: { deploymentName: deployment, buildId },
    });
    return {
      status: VERSION_STATUS[info?.status ?? 0],
      drainage: DRAINAGE[info?.drainageInfo?.status ?? 0],
    };
  }
  /** The build a split's workflow is on and how it follows a new current build. */
  async function runsOn(splitId: string) {
    return workflowRunsOn(`split:${splitId}`);
  }
  async function workflowRunsOn(workflowId: string) {
    const { raw, status } = await stack.temporal.client.workflow.getHandle(workflowId).describe();
    const info = raw.workflowExecutionInfo?.versioningInfo;
    return {
      buildId: info?.deploymentVersion?.buildId ?? null,
      behaviour: BEHAVIOUR[info?.behavior ?? 0],
      status: status.name,
    };
  }
  /** Workflow pollers on the task queue by build id. */
  async function pollersByBuild() {
    const counts: Record<string, number> = {};
    for (const taskQueueType of [1, 2]) {
      const { pollers } = await service().describeTaskQueue({
        namespace: namespace(),
        taskQueue: { name: deploymentName() },
        taskQueueType,
      });
      for (const poller of pollers ?? []) {
        const key = `${taskQueueType === 1 ? 'workflow' : 'activity'}:${poller.deploymentOptions?.buildId ?? 'unversioned'}`;
        counts[key] = (counts[key] ?? 0) + 1;
      }
    }
    return counts;
  }
  async function createSplit(amounts: number[]) {
    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: amounts.map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; participants: { payToken: string }[] };
  }

  beforeAll(async () => {
    cluster = await startCluster('temporal-cluster-versioning');
    numbers.clusterStartS = Math.round(cluster.startedInMs / 1000);
    stack = await startStack({ TEMPORAL_ADDRESS: cluster.address }, { worker: false });
    buildA = await startBuild('build-a', process.env.WORKFLOW_BUNDLE_PATH!, 'PINNED');
    await makeCurrent('build-a');
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    const bundled = Date.now();
    bundleB = join(process.env.TEST_RUN_DIR!, 'versioning-build-b.js');
    const { code } = await bundleWorkflowCode({
      workflowsPath: join(__dirname, 'versioning', 'build-b-workflows.ts'),
      failureConverterPath: join(ROOT, 'packages/temporal/src/failure-converter.ts'),
      logger: quiet,
    });
    writeFileSync(bundleB, code);
    numbers.bundleBuildBS = Math.round((Date.now() - bundled) / 1000);
  }, CLUSTER_START_TIMEOUT_MS + 300_000);

  afterAll(async () => {
    if (buildB) await stopBuild(buildB);
    if (buildA) await stopBuild(buildA);
    await stack?.stop();
    await cluster?.stop();
    console.log(`versioning trial numbers: ${JSON.stringify(numbers, null, 2)}`);
  }, 120_000);

  it(
    'routes new splits to the current build B, keeps open splits pinned to A until they close, then A drains',
    async () => {
      // On build A: one split captured (open for refunds), one half paid, one not paid at all.
      const captured = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1500, 2500]);
      const halfPaid = await createSplit([1000, 2000]);
      expect((await authoriseShare(stack, halfPaid.participants[0]!.payToken)).status).toBe(200);
      const unpaid = await createSplit([3000]);
      for (const id of [captured.id, halfPaid.id, unpaid.id]) {
        expect(await runsOn(id)).toMatchObject({ buildId: 'build-a', behaviour: 'PINNED', status: 'RUNNING' });
      }

      // Build B joins the deployment beside A (one more worker: its pollers, its workflow thread).
      const rssBefore = process.memoryUsage().rss;
      buildB = await startBuild('build-b', bundleB, 'PINNED');
      const current = await makeCurrent('build-b');
      expect(await version('build-b')).toMatchObject({ status: 'current' });
      expect(
        await waitUntil(
          'build A draining',
          () => version('build-a'),
          (v) => v.status === 'draining',
          120_000,
        ),
      ).toMatchObject({ status: 'draining', drainage: 'draining' });

      // A new split runs on B.
      const fresh = await createSplit([1200]);
      const onB = await waitUntil(
        'the new split on build B',
        () => runsOn(fresh.id),
        (r) => r.buildId !== null,
        120_000,
      );
      numbers.currentToFirstSplitOnBMs = Date.now() - current;
      expect(onB).toMatchObject({ buildId: 'build-b', behaviour: 'PINNED' });
      expect((await authoriseShare(stack, fresh.participants[0]!.payToken)).status).toBe(200);
      expect((await waitForSplitStatus(stack, fresh.id, ['captured'])).status).toBe('captured');
      // Measured, not asserted: the new split running on B above is what proves B's pollers.
      numbers.pollers = JSON.stringify(await pollersByBuild());
      numbers.rssWithBuildBMiB = `${mib(rssBefore)} → ${mib(process.memoryUsage().rss)}`;

      // The open splits finish on A: the half-paid one captures, the unpaid one is canceled.
      expect((await authoriseShare(stack, halfPaid.participants[1]!.payToken)).status).toBe(200);
      expect((await waitForSplitStatus(stack, halfPaid.id, ['captured'])).status).toBe('captured');
      const cancel = await stack.api.post(`/api/checkout-splits/${unpaid.id}/cancel`, undefined, {
        token: shop.owner.token,
      });
      expect(cancel.status).toBe(200);
      expect(
        await waitUntil(
          'the unpaid split closed',
          () => runsOn(unpaid.id),
          (r) => r.status !== 'RUNNING',
          120_000,
        ),
      ).toMatchObject({ buildId: 'build-a', status: 'COMPLETED' });
      expect(await runsOn(halfPaid.id)).toMatchObject({ buildId: 'build-a', behaviour: 'PINNED', status: 'RUNNING' });

      // The captured splits wait out their refund window pinned to A: B's code cannot replay their history
      // (what auto-upgrading them would do at their next task), A's can.
      const dataConverter = temporalDataConverter(stack.config);
      for (const id of [captured.id, halfPaid.id]) {
        expect(await runsOn(id)).toMatchObject({ buildId: 'build-a', behaviour: 'PINNED', status: 'RUNNING' });
        const history = await stack.temporal.client.workflow.getHandle(`split:${id}`).fetchHistory();
        await expect(
          Worker.runReplayHistory({ workflowBundle: { codePath: bundleB }, dataConverter }, history),
        ).rejects.toMatchObject({ name: 'DeterminismViolationError' });
        await Worker.runReplayHistory(
          { workflowBundle: { codePath: process.env.WORKFLOW_BUNDLE_PATH! }, dataConverter },
          history,
        );
      }
      expect(await version('build-a')).toMatchObject({ status: 'draining', drainage: 'draining' });

      // Refunded in full, the captured splits close (on A); then A is drained.
      for (const id of [captured.id, halfPaid.id]) {
        const refund = await stack.api.post(`/api/checkout-splits/${id}/refund`, undefined, {
          token: shop.owner.token,
        });
        expect(refund.status).toBe(200);
      }
      for (const id of [captured.id, halfPaid.id]) {
        expect(
          await waitUntil(
            `split ${id} closed`,
            () => runsOn(id),
            (r) => r.status !== 'RUNNING',
            120_000,
          ),
        ).toMatchObject({ buildId: 'build-a', status: 'COMPLETED' });
      }
      const lastOnAClosed = Date.now();
      numbers.setCurrentToLastAClosedS = Math.round((lastOnAClosed - current) / 1000);
      const drained = await waitUntil(
        'build A drained',
        () => version('build-a'),
        (v) => v.drainage === 'drained',
        DRAINED_TIMEOUT_MS,
      );
      numbers.lastAClosedToDrainedS = Math.round((Date.now() - lastOnAClosed) / 1000);
      expect(drained).toMatchObject({ status: 'drained', drainage: 'drained' });

      // A's workers can go: B alone serves the deployment.
      await stopBuild(buildA!);
      buildA = undefined;
      const afterA = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [900]);
      expect(await runsOn(afterA.id)).toMatchObject({ buildId: 'build-b', behaviour: 'PINNED', status: 'RUNNING' });
    },
    DRAINED_TIMEOUT_MS + 600_000,
  );

  it(
    'moves a waiting pinned workflow to the new current build by continue-as-new, so its old build drains',
    async () => {
      const queue = `${deploymentName()}-move`;
      const bundle = join(process.env.TEST_RUN_DIR!, 'versioning-move-at-wake.js');
      const { code } = await bundleWorkflowCode({
        workflowsPath: join(__dirname, 'versioning', 'move-at-wake-workflows.ts'),
        logger: quiet,
      });
      writeFileSync(bundle, code);
      const old = await startBuild('build-a', bundle, 'PINNED', queue);
      let next: Build | undefined;
      try {
        await makeCurrent('build-a', queue);
        const workflowId = `waiting-${queue}`;
        const handle = await stack.temporal.client.workflow.start('waitingWorkflow', {
          workflowId,
          taskQueue: queue,
          args: [1],
        });
        await waitUntil(
          'the first run on build A',
          () => workflowRunsOn(workflowId),
          (r) => r.buildId === 'build-a',
          120_000,
        );
        const firstRun = handle.firstExecutionRunId;

        next = await startBuild('build-b', bundle, 'PINNED', queue);
        const current = await makeCurrent('build-b', queue);
        const moved = await waitUntil(
          'a second run on build B',
          async () => {
            const { runId } = await stack.temporal.client.workflow.getHandle(workflowId).describe();
            return { runId, ...(await workflowRunsOn(workflowId)) };
          },
          (r) => r.runId !== firstRun && r.buildId === 'build-b',
          120_000,
        );
        numbers.currentToRunOnNewBuildMs = Date.now() - current;
        expect(moved).toMatchObject({ buildId: 'build-b', behaviour: 'PINNED', status: 'RUNNING' });
        const drained = await waitUntil(
          'the old build drained',
          () => version('build-a', queue),
          (v) => v.drainage === 'drained',
          DRAINED_TIMEOUT_MS,
        );
        numbers.movedToDrainedS = Math.round((Date.now() - current) / 1000);
        expect(drained).toMatchObject({ status: 'drained' });
        await handle.terminate('versioning trial done');
      } finally {
        if (next) await stopBuild(next);
        await stopBuild(old);
      }
    },
    DRAINED_TIMEOUT_MS + 300_000,
  );
});
