import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';

/**
 * One bash process fed block after block, as a reader pastes them into one terminal: variables and
 * functions set by one block are there for the next, and a job started with `&` keeps running.
 * `set -euo pipefail` makes any failing command (curl --fail-with-body on an HTTP error included)
 * end the shell, and the block's run rejects with everything printed so far.
 */
export class ShellSession {
  private readonly child: ChildProcess;
  private output = '';
  private readonly exited: Promise<number | null>;

  constructor(options: { cwd: string; env: Record<string, string>; preamble?: string }) {
    // Its own process group, so that stop() also ends the jobs it started in the background.
    this.child = spawn('bash', ['--noprofile', '--norc'], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
    };
    this.child.stdout!.on('data', collect);
    this.child.stderr!.on('data', collect);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    this.child.stdin!.write(`set -euo pipefail\n${options.preamble ?? ''}\n`);
  }

  /** Runs `script` to its end; resolves with what it printed (the background jobs' lines included). */
  async run(script: string, timeoutMs = 60_000): Promise<string> {
    const marker = `__block_done_${randomUUID()}__`;
    const from = this.output.length;
    this.child.stdin!.write(`${script}\necho ${marker}\n`);
    const deadline = Date.now() + timeoutMs;
    let exitCode: number | null | undefined;
    void this.exited.then((code) => {
      exitCode = code;
    });
    for (;;) {
      const printed = this.output.slice(from);
      const end = printed.indexOf(marker);
      if (end >= 0) return printed.slice(0, end);
      if (exitCode !== undefined)
        throw new Error(`The shell stopped (exit ${exitCode}) running:\n${script}\n--- output ---\n${printed}`);
      if (Date.now() > deadline)
        throw new Error(`Block still running after ${timeoutMs} ms:\n${script}\n--- output ---\n${printed}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * A shell variable's value, read the way the reader would: `printf %s "$NAME"`. The value is
   * printed between two markers in one write, because a job started with `&` (the example shop
   * logging a webhook) can print to the same terminal at any moment.
   */
  async variable(name: string): Promise<string> {
    const [open, close] = [`__value_${randomUUID()}__`, `__value_end_${randomUUID()}__`];
    const printed = await this.run(`printf '%s%s%s\\n' '${open}' "$${name}" '${close}'`);
    const start = printed.indexOf(open);
    const end = printed.indexOf(close, start);
    if (start < 0 || end < 0) throw new Error(`$${name} could not be read; the shell printed:\n${printed}`);
    return printed.slice(start + open.length, end).trim();
  }

  async stop() {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      process.kill(-this.child.pid!, 'SIGTERM');
      await this.exited;
    }
  }
}
