// Child processes of tests, browser tests and benches: started with tsx's loader, tracked, and always stopped
// (callers stop them; process exit kills whatever is left). Their output is kept whole.
import { spawn, type ChildProcess } from 'node:child_process';
const running = new Set<ChildProcess>();

export type Child = { proc: ChildProcess; output: () => string; exited: Promise<number | null> };

/** Starts `node --import tsx <file>` in `cwd` (this process's folder unless given) with the given
 * environment (and an IPC channel); with `raw`, `file` is a program of its own (e.g. nginx). */
export function startChild(
  file: string,
  env: NodeJS.ProcessEnv,
  args: string[] = [],
  nodeArgs: string[] = [],
  { raw = false, cwd = process.cwd() }: { raw?: boolean; cwd?: string } = {},
): Child {
  const [bin, argv] = raw ? [file, args] : [process.execPath, [...nodeArgs, '--import', 'tsx', file, ...args]];
  const proc = spawn(bin, argv, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(proc);
  const out: string[] = [];
  const keep = (b: Buffer) => void out.push(b.toString());
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => {
      running.delete(proc);
      resolve(code);
    }),
  );
  return { proc, output: () => out.join(''), exited };
}

/** Waits for the child's first IPC message (or fails if it exits or times out first). */
export function firstMessage<T>(child: Child, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`child ${child.proc.pid} sent nothing in ${timeoutMs} ms\n${child.output()}`)),
      timeoutMs,
    );
    child.proc.once('message', (m) => {
      clearTimeout(timer);
      const msg = m as { error?: string };
      if (msg.error) reject(new Error(`child ${child.proc.pid}: ${msg.error}\n${child.output()}`));
      else resolve(m as T);
    });
    // 'close', not 'exit': a message still in the IPC pipe is delivered before 'close', not before 'exit'.
    child.proc.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`child ${child.proc.pid} exited (${code})\n${child.output()}`));
    });
  });
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the child is gone. */
export async function stopChild(child: Child | undefined, graceMs = 10_000): Promise<void> {
  if (!child || child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Last resort on exit: kill every child still running, by its own pid. */
export function killAllChildren(): void {
  for (const proc of running) {
    try {
      proc.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}
process.on('exit', killAllChildren);

/** Asks `<url>/readyz` until it answers 200 (a child that says nothing when ready: nginx, the built
 * server); fails with the child's output if it exits or `timeoutMs` passes first. */
export async function untilReady(url: string, child: Child, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (Date.now() < until && !exited) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready${exited ? ' (it exited)' : ''}:\n${child.output().slice(-4000)}`);
}
