// Which Node.js lines run the app (docs/decisions/0016). Imported by the server's bundle, the
// command line and `npm start`: no dependencies, and nothing runs on import.

/**
 * Whether this Node version is one the app supports: the lines alive, 22 from 22.12, 24 and 26
 * (`engines` in package.json). The server, the command line and `npm start` all ask this.
 */
export function isSupported(version = process.versions.node) {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major === 22) return minor >= 12;
  return major === 24 || major === 26;
}

/** The one line said when this Node cannot run the app. */
export function unsupportedMessage(version = process.versions.node) {
  return `Node.js ${version} is not supported: use Node.js 24 LTS (see .nvmrc), 22.12+ or 26. In a checkout, "npm start" fetches one for you.`;
}
