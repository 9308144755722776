import { WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { askWhileTaskRetries, refusedWhileTaskRetries, updateNotTakenYet } from './task-retrying';

const refusal = () =>
  Object.assign(new Error('Workflow Update failed'), {
    cause: new Error(
      '9 FAILED_PRECONDITION: Unable to perform workflow execution update due to Workflow Task in failed state.',
    ),
  });

describe('asking again while a workflow task is being retried', () => {
  it("recognises Temporal's refusal anywhere in the error's causes, and nothing else", () => {
    expect(refusedWhileTaskRetries(refusal())).toBe(true);
    expect(refusedWhileTaskRetries(new Error('workflow not found'))).toBe(false);
    expect(refusedWhileTaskRetries(undefined)).toBe(false);
  });

  it('asks again until the update is accepted', async () => {
    let calls = 0;
    const answer = await askWhileTaskRetries(async () => {
      calls += 1;
      if (calls < 3) throw refusal();
      return 'accepted';
    });
    expect({ answer, calls }).toEqual({ answer: 'accepted', calls: 3 });
  });

  // A refund whose worker was restarting answered 500: no worker took the update before its call's deadline.
  it('asks again, too, when the update call timed out waiting for a worker', async () => {
    const timedOut = () =>
      new WorkflowUpdateRPCTimeoutOrCancelledError('context deadline exceeded', {
        cause: new Error('4 DEADLINE_EXCEEDED: context deadline exceeded'),
      });
    expect(updateNotTakenYet(timedOut())).toBe(true);
    expect(updateNotTakenYet(refusal())).toBe(true);
    expect(updateNotTakenYet(new Error('not refundable'))).toBe(false);
    let calls = 0;
    const answer = await askWhileTaskRetries(async () => {
      calls += 1;
      if (calls === 1) throw timedOut();
      if (calls === 2) throw refusal();
      return 'accepted';
    });
    expect({ answer, calls }).toEqual({ answer: 'accepted', calls: 3 });
  });

  it('lets any other failure through at once, and the refusal once the time is up', async () => {
    let calls = 0;
    await expect(
      askWhileTaskRetries(async () => {
        calls += 1;
        throw new Error('not refundable');
      }),
    ).rejects.toThrow('not refundable');
    expect(calls).toBe(1);
    await expect(askWhileTaskRetries(() => Promise.reject(refusal()), { forMs: 0 })).rejects.toThrow(
      'Workflow Update failed',
    );
  });
});
