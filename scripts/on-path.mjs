import fs from 'node:fs';
import path from 'node:path';

/** Whether `program` is an executable on the PATH: looked up, not started (starting LibreOffice costs seconds). */
export function onPath(program) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, program), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
