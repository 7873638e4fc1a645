// The registry reachable here hides the platform builds of packages made for other systems
// (macOS, Windows, musl…), so `npm install` leaves them out of package-lock.json, and `npm ci`
// then refuses the lock as "out of sync". This adds an entry for each missing optional
// dependency (version only); `npm ci` skips optional packages it cannot fetch, as it would skip
// another platform's binary anyway. Run after changing dependencies: `npm run lock:complete`.
// With --check it only reports, and fails when an entry is missing.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
const missing = [];

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // npm resolves a dependency next to its dependant first, then at the top level.
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    missing.push(name);
    packages[top] = {
      version: version.replace(/^[~^=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
  }
}

if (process.argv.includes('--check')) {
  if (missing.length) {
    console.error(
      `package-lock.json lacks ${missing.length} optional platform packages (${missing.slice(0, 3).join(', ')}…): run "npm run lock:complete".`,
    );
    process.exit(1);
  }
} else if (missing.length) {
  const sorted = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
    ),
  );
  lock.packages = sorted;
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.info(`added ${missing.length} optional platform packages to package-lock.json`);
}
