// Runs before `npm start` (the root package's prestart) on whatever Node is installed, so it is plain
// JavaScript. The server runs its TypeScript sources directly (type stripping), which needs Node 22.18;
// an older Node would fail after the build with ERR_UNKNOWN_FILE_EXTENSION ".ts" and no hint.
import { pathToFileURL } from 'node:url';

const NEED = [22, 18];

/** The one-line message for a Node version (`process.versions.node`), or null when it is new enough. */
export function tooOld(version) {
  const [major, minor] = version.split('.').map(Number);
  if (major > NEED[0] || (major === NEED[0] && minor >= NEED[1])) return null;
  return `stich: Node ${version} is too old; Stich needs Node ${NEED.join('.')} or newer (Node 24 recommended): install it from https://nodejs.org/en/download or with your version manager (e.g. \`nvm install 24\`), then run npm start again.`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const message = tooOld(process.versions.node);
  if (message) {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
}
