/**
 * A server ends with the process that started it. `npm start` runs the server
 * under a shell (`npm` → `sh -c` → `node`): killed by its process id, npm
 * forwards SIGINT and SIGTERM to the shell, which dies without passing them on,
 * and SIGHUP it does not forward at all. Either way the server would keep
 * listening with no one to stop it. So it watches its parent and, when the
 * parent is such a shell, the shell's parent (npm) too, and stops when one of
 * them is gone.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'ksh']);

/** The parent of `pid` and its command's name, from `ps` (Linux, macOS); undefined where there is none. */
function processInfo(pid: number): { ppid: number; name: string } | undefined {
  if (process.platform === 'win32') return undefined;
  try {
    const out = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000 });
    const match = /^\s*(\d+)\s+(.+?)\s*$/.exec(out);
    return match ? { ppid: Number(match[1]), name: path.basename(match[2]!) } : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The processes this one lives for: its parent and, when the parent is a
 * shell running it (as npm scripts do), the shell's parent. None when the
 * parent is init (a daemon) or unknown.
 */
function watchedAncestors(): number[] {
  const parent = process.ppid;
  if (parent <= 1) return [];
  const info = processInfo(parent);
  return info && SHELLS.has(info.name) && info.ppid > 1 ? [parent, info.ppid] : [parent];
}

/**
 * Calls `onGone` once when a watched ancestor has ended (or this process was
 * handed to another parent). Checks every `intervalMs` without keeping the
 * process alive. Returns a function that stops watching.
 */
export function watchParent(onGone: (reason: string) => void, intervalMs = 500): () => void {
  const parent = process.ppid;
  const ancestors = watchedAncestors();
  if (ancestors.length === 0) return () => {};
  const timer = setInterval(() => {
    const gone = process.ppid !== parent ? parent : ancestors.find((pid) => !alive(pid));
    if (gone === undefined) return;
    clearInterval(timer);
    onGone(`the process that started it (${gone}) has ended`);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
