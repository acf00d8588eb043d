/** Debian's Chromium (apt-get install chromium); `.ci/run` installs it. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
