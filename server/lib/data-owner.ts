import fs from 'node:fs';
import path from 'node:path';

/**
 * What a command run as root (`hoc-vien restore`, `backup`) writes into a data folder that the
 * service's own user owns is given to that user, as the server would have written it: a
 * restored database or photo owned by root is one the server cannot write, and a backup owned
 * by root one it cannot prune. Anything else (not root, or a folder root owns) is left as is.
 */
export function ownLikeDataDir(dataDir: string, ...written: string[]): void {
  if (process.getuid?.() !== 0) return;
  let owner: fs.Stats;
  try {
    owner = fs.statSync(dataDir);
  } catch {
    return;
  }
  if (owner.uid === 0) return;
  const give = (target: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(target);
    } catch {
      return;
    }
    if (stat.isSymbolicLink()) return;
    if (stat.uid !== owner.uid || stat.gid !== owner.gid) {
      fs.chownSync(target, owner.uid, owner.gid);
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(target)) give(path.join(target, name));
    }
  };
  for (const target of written) give(target);
}
