// The Chromium the end-to-end tests and the browser bench drive, named in one place. Debian's
// chromium-headless-shell (Chromium's headless build, without the desktop browser around it) does the
// same work in about four fifths of the time the full `chromium` takes headless, which counts on a
// two-core CI machine. CHROMIUM_PATH names another binary.
import fs from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

/** CHROMIUM_PATH, else the headless shell, else the full browser when only it is installed. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return !fs.existsSync(HEADLESS_SHELL) && fs.existsSync(FULL_BROWSER) ? FULL_BROWSER : HEADLESS_SHELL;
}
