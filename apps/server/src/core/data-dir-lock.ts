import fs from 'node:fs';
import path from 'node:path';
import { fmt, MSG } from '@portal/shared/messages.vi';
import { StartupError } from './startup';

/** The process is running (a signal 0 reaches it, or it exists under another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's data directory for this process: `<dataDir>.lock` holds its pid.
 * A second server on the same directory (a quick restart while the first is still closing, or two
 * started by mistake) would corrupt it; it stops at once with a Vietnamese message instead. A lock
 * left by a process that no longer runs (kill -9, power loss) is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine = String(process.pid);
  for (;;) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (holder === process.pid) break; // this process opened it before and did not close it
      if (Number.isInteger(holder) && holder > 0 && running(holder)) throw new StartupError(fmt(MSG.dataDirInUse, { dir: dataDir, pid: holder, file }));
      fs.rmSync(file, { force: true }); // left by a process that is gone
    }
  }
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
}
