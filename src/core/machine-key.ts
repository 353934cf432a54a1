import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The user's cache folder, outside every repository: XDG_CACHE_HOME, else the platform's
 * (`~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows, `~/.cache` elsewhere).
 */
export function userCacheDir(): string {
  if (process.env.XDG_CACHE_HOME) return process.env.XDG_CACHE_HOME;
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches');
  if (process.platform === 'win32' && process.env.LOCALAPPDATA) return process.env.LOCALAPPDATA;
  return path.join(os.homedir(), '.cache');
}

/**
 * A random secret of this user on this machine (`<user cache>/skillc/cache-key`, made on first
 * use, mode 0600), with which skillc authenticates its cache files: a cache committed to a
 * repository, or edited, carries no valid MAC for this key, so its entries are not replayed
 * (issue #24: an emptied committed cache made a broken skill lint clean). Read without following
 * a link. Undefined when it can be neither read nor made (then nothing is cached).
 */
export function machineKey(dir = path.join(userCacheDir(), 'skillc')): Buffer | undefined {
  const file = path.join(dir, 'cache-key');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
      try {
        const st = fs.fstatSync(fd);
        if (!st.isFile() || st.size < 32 || st.size > 1024) return undefined;
        return fs.readFileSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return undefined;
    }
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      // Created exclusively: two runs starting at once both read the one that won.
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
  }
  return undefined;
}

/** HMAC-SHA256 of the parts (joined with NUL) under `key`, hex. */
export function mac(key: Buffer, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\u0000')).digest('hex');
}
