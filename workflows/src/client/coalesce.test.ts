import { coalesce } from './coalesce';

/** A batch runner whose batches the test finishes by hand, so what waits for what is explicit. */
function heldRunner() {
  const batches: { items: number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        items,
        finish: () => resolve(items.map((item) => `answer ${item}`)),
        fail: reject,
      });
    });
  return { batches, run };
}

describe('coalesce', () => {
  it('sends a lone request at once, and the requests made meanwhile together in the next batch', async () => {
    const { batches, run } = heldRunner();
    const request = coalesce(run, 64);
    const first = request(1);
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    const waiting = [request(2), request(3), request(4)];
    expect(batches).toHaveLength(1);
    batches[0]!.finish();
    await expect(first).resolves.toBe('answer 1');
    await Promise.resolve();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    batches[1]!.finish();
    await expect(Promise.all(waiting)).resolves.toEqual(['answer 2', 'answer 3', 'answer 4']);
  });

  it('splits a long queue into batches of at most the limit', async () => {
    const { batches, run } = heldRunner();
    const request = coalesce(run, 2);
    const all = [1, 2, 3, 4, 5].map((n) => request(n));
    for (let i = 0; i < 3; i++) {
      while (batches.length <= i) await Promise.resolve();
      batches[i]!.finish();
    }
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3], [4, 5]]);
    await expect(Promise.all(all)).resolves.toEqual([1, 2, 3, 4, 5].map((n) => `answer ${n}`));
  });

  it('fails every request of a failed batch, and goes on with the next', async () => {
    const { batches, run } = heldRunner();
    const request = coalesce(run, 64);
    const first = request(1);
    const second = [request(2), request(3)];
    batches[0]!.fail(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    while (batches.length < 2) await Promise.resolve();
    batches[1]!.fail(new Error('still gone'));
    await expect(Promise.all(second)).rejects.toThrow('still gone');
    const later = request(4);
    while (batches.length < 3) await Promise.resolve();
    batches[2]!.finish();
    await expect(later).resolves.toBe('answer 4');
  });
});
