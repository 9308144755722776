/**
 * Runs concurrent requests in batches, group-commit style: a request made while no batch is running
 * goes at once; requests made while one runs wait for it and then all go together in the next. So
 * twenty writers dispatching at once cost a few statements, not twenty, and a lone request waits for
 * nothing. `run` answers each item of a batch, in order; a batch that fails fails each of its requests.
 */
export function coalesce<I, O>(run: (items: I[]) => Promise<O[]>, maxBatch: number): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      try {
        const answers = await run(batch.map((waiting) => waiting.item));
        for (const [i, waiting] of batch.entries()) waiting.resolve(answers[i] as O);
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    running = false;
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
