/**
 * `npm test`: everything, on real parts. Provisions Chromium and PostgreSQL, then runs
 * format/lint/types, unit tests, the server suite on SQLite and on PostgreSQL, and the browser
 * journeys, and ends with one line: "N passed, N failed".
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import {
  ensureChromium,
  ensureNginx,
  type PostgresCluster,
  startPostgresCluster,
} from '../support/provision.ts';

const artifacts = path.resolve('.test-artifacts');
fs.mkdirSync(artifacts, { recursive: true });

interface StepResult {
  name: string;
  passed: number;
  failed: number;
  /** Which tests failed and how, so that the end of a long log says what broke. */
  failures?: string[];
  /** How long the step took: CI gives the whole run 60 minutes, and this says where they go. */
  seconds?: number;
}
const results: StepResult[] = [];
const runStarted = performance.now();
let stepStarted = runStarted;

/** Says which step begins, and starts its clock. */
function begin(name: string) {
  console.info(`\n=== ${name} ===`);
  stepStarted = performance.now();
}

function record(result: StepResult) {
  results.push({ ...result, seconds: Math.round((performance.now() - stepStarted) / 1000) });
}

/** The first lines of a failure message, without colour codes. */
function firstLines(message: string | undefined, count = 4): string {
  return stripVTControlCharacters(message ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .map((line) => `      ${line.trim()}`)
    .join('\n');
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

async function step(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  begin(name);
  const code = await run(command, args, env);
  record({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1 });
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

function vitestFailures(report: VitestReport): string[] {
  return (report.testResults ?? []).flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failed.length === 0 && file.message) return [`${where}\n${firstLines(file.message)}`];
    return failed.map((t) => `${where} › ${t.fullName}\n${firstLines(t.failureMessages?.[0])}`);
  });
}

/**
 * Runs vitest's `projects`, under `node` when given (another supported line's binary, first in
 * PATH for the processes the tests start), else under this process's Node.
 */
async function vitest(projects: string[], env: NodeJS.ProcessEnv, label: string, node?: string) {
  begin(label);
  const report = path.join(artifacts, `vitest-${label.replace(/\W+/g, '-')}.json`);
  fs.rmSync(report, { force: true });
  const onPath = node
    ? { PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` }
    : {};
  const code = await run(
    node ?? 'npx',
    [
      ...(node ? ['node_modules/vitest/vitest.mjs'] : ['vitest']),
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { ...env, ...onPath },
  );
  const summary = readJson<VitestReport>(report);
  if (!summary) {
    record({ name: label, passed: 0, failed: 1 });
    return;
  }
  // A run that failed outside any test (a file that would not load) still counts as a failure.
  const failed = summary.numFailedTests || (code === 0 ? 0 : 1);
  record({
    name: label,
    passed: summary.numPassedTests,
    failed,
    failures: vitestFailures(summary),
  });
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: {
      projectName: string;
      status: string;
      results: { error?: { message?: string } }[];
    }[];
  }[];
}
interface PlaywrightReport {
  stats?: { expected: number; unexpected: number; flaky: number };
  suites?: PlaywrightSuite[];
}

function playwrightFailures(suites: PlaywrightSuite[] = [], file = ''): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === 'unexpected')
        .map(
          (t) =>
            `[${t.projectName}] ${suite.file ?? file}:${spec.line} › ${spec.title}\n${firstLines(t.results.at(-1)?.error?.message)}`,
        ),
    ),
    ...playwrightFailures(suite.suites, suite.file ?? file),
  ]);
}

async function playwright(chromium: string, postgresUrl: string | undefined) {
  begin('browser journeys (Playwright, Chromium)');
  const report = path.join(artifacts, 'playwright.json');
  fs.rmSync(report, { force: true });
  const code = await run('npx', ['playwright', 'test'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    // For the journey across two server processes sharing one PostgreSQL.
    ...(postgresUrl ? { TEST_DATABASE_URL: postgresUrl } : {}),
  });
  const parsed = readJson<PlaywrightReport>(report);
  const stats = parsed?.stats;
  if (!stats) {
    record({ name: 'browser journeys', passed: 0, failed: 1 });
    return;
  }
  record({
    name: 'browser journeys',
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected || (code === 0 ? 0 : 1),
    failures: playwrightFailures(parsed?.suites),
  });
}

/** The supported Node lines other than the one running this (package.json `nodeRuntimes`). */
function otherNodeLines(): string[] {
  const manifest = readJson<{ nodeRuntimes: Record<string, unknown> }>('package.json');
  const current = process.versions.node.split('.')[0];
  return Object.keys(manifest?.nodeRuntimes ?? {}).filter((line) => line !== current);
}

/** The binary of a supported line, provisioned by scripts/node-runtime.mjs when missing. */
function nodeOfLine(line: string): string {
  const printed = spawnSync(
    process.execPath,
    ['scripts/node-runtime.mjs', '--print', '--line', line],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const binary = printed.stdout.trim();
  if (printed.status !== 0 || !binary)
    throw new Error(`Could not provision Node ${line} for the server suite.`);
  return binary;
}

async function main() {
  const problems: string[] = [];
  let chromium: string | undefined;
  try {
    chromium = ensureChromium();
  } catch (error) {
    problems.push((error as Error).message);
  }
  let nginx: string | undefined;
  try {
    nginx = ensureNginx();
  } catch (error) {
    problems.push((error as Error).message);
  }
  let cluster: PostgresCluster | undefined;
  let postgresUrl = process.env.TEST_DATABASE_URL;
  if (!postgresUrl) {
    try {
      cluster = await startPostgresCluster();
      postgresUrl = cluster.url;
      console.info(`[provision] throwaway PostgreSQL at ${postgresUrl}`);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }

  try {
    await step('format, lint and types (npm run check)', 'npm', ['run', 'check', '--silent']);
    await step('build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn']);
    await step('build the server as npm start runs it', 'node', ['scripts/build-server.mjs']);
    await step('front-end size within its ceilings (npm run size)', 'npx', [
      'tsx',
      'scripts/size-budget.ts',
    ]);
    await vitest(
      ['unit', 'server-sqlite'],
      nginx ? { NGINX_PATH: nginx } : {},
      'unit and server tests on SQLite',
    );
    if (postgresUrl) {
      await vitest(
        ['server-postgres'],
        { TEST_DATABASE_URL: postgresUrl },
        'server tests on PostgreSQL',
      );
    }
    if (chromium) await playwright(chromium, postgresUrl);
    // The whole suite ran on this Node on both engines; the server suite runs again on every
    // other supported line (docs/decisions/0016), each fetched from the npm registry once, the
    // engines taken in turn (the first other line on SQLite, the next on PostgreSQL): every line
    // runs every server test once, and CI's run stays within its hour on two cores.
    for (const [index, line] of otherNodeLines().entries()) {
      let node: string;
      try {
        node = nodeOfLine(line);
      } catch (error) {
        problems.push((error as Error).message);
        continue;
      }
      const onPostgres = postgresUrl !== undefined && index % 2 === 1;
      await vitest(
        [onPostgres ? 'server-postgres' : 'server-sqlite'],
        {
          ...(nginx ? { NGINX_PATH: nginx } : {}),
          ...(onPostgres ? { TEST_DATABASE_URL: postgresUrl } : {}),
        },
        `server tests on Node ${line} (${onPostgres ? 'PostgreSQL' : 'SQLite'})`,
        node,
      );
    }
  } finally {
    await cluster?.stop();
  }

  console.info('\n=== summary ===');
  for (const r of results) {
    const took = r.seconds === undefined ? '' : ` (${Math.round(r.seconds / 6) / 10} min)`;
    console.info(
      `${r.failed ? 'FAIL' : 'ok  '} ${r.name}: ${r.passed} passed, ${r.failed} failed${took}`,
    );
    for (const failure of r.failures ?? []) console.info(`  ✗ ${failure}`);
  }
  for (const problem of problems) console.info(`NOT PROVISIONED: ${problem}`);
  console.info(`the whole run: ${Math.round((performance.now() - runStarted) / 6000) / 10} min`);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0) + problems.length;
  console.info(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

void main().catch((error: unknown) => {
  console.error(error);
  console.info(`0 passed, 1 failed`);
  process.exitCode = 1;
});
