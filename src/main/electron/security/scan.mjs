// `npm run security`: electronegativity over the app's sources, failing on any HIGH or MEDIUM
// finding that accepted-findings.json does not explain in writing. Inline `eng-disable` comments
// are refused: every accepted finding, and its reason, lives in that one reviewed file.
// Works offline (the tool's translation and release look-ups just time out).
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity');

const root = resolve(import.meta.dirname, '../../../..');
const input = join(root, 'src');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const electronVersion = (pkg.devDependencies?.electron ?? pkg.dependencies?.electron ?? '').replace(/^[^\d]*/, '');
const accepted = JSON.parse(readFileSync(join(import.meta.dirname, 'accepted-findings.json'), 'utf8')).accepted;
const BLOCKING = new Set(['HIGH', 'MEDIUM']);
const MIN_REASON = 40;

function sourceFiles(dir) {
  const files = [];
  const stack = [dir];
  while (stack.length > 0) {
    const folder = stack.pop();
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) stack.push(path);
      else if (/\.(m?[jt]sx?|html)$/.test(entry.name)) files.push(path);
    }
  }
  return files;
}

const problems = [];
for (const entry of accepted) {
  if (typeof entry.reason !== 'string' || entry.reason.trim().length < MIN_REASON) {
    problems.push(`accepted-findings.json: ${entry.check} in ${entry.file} needs a written reason (${MIN_REASON}+ characters)`);
  }
}
for (const file of sourceFiles(input)) {
  if (file === import.meta.filename) continue;
  if (/eng-disable/.test(readFileSync(file, 'utf8'))) problems.push(`${relative(root, file)}: inline eng-disable comments are not allowed; explain the finding in accepted-findings.json`);
}

const result = await run({ input, isRelative: true, electronVersionOverride: electronVersion, parserPlugins: [] }, false);
if (result.errors.length > 0) {
  for (const error of result.errors) console.error(`electronegativity could not parse ${error.file}: ${error.message}`);
  if (result.errors.some((error) => !error.tolerable)) problems.push('some files could not be scanned');
}

const used = new Set();
const rows = [];
for (const issue of result.issues) {
  const severity = issue.severity.name;
  const file = issue.file.replace(/\\/g, '/');
  const reason = accepted.find((entry) => entry.check === issue.id && `src/${file}` === entry.file.replace(/^\.?\//, ''));
  if (reason) used.add(reason);
  const blocking = BLOCKING.has(severity) && !reason;
  rows.push(`${blocking ? 'FAIL' : reason ? 'ok  ' : 'info'} ${severity.padEnd(13)} ${issue.id.padEnd(36)} src/${file}:${issue.location.line}${reason ? `  — accepted: ${reason.reason}` : ''}`);
  if (blocking) problems.push(`${severity} ${issue.id} at src/${file}:${issue.location.line}: ${issue.description}`);
}
for (const entry of accepted) if (!used.has(entry)) console.warn(`note: accepted finding no longer reported, remove it: ${entry.check} in ${entry.file}`);

console.log(`electronegativity ${require('@doyensec/electronegativity/package.json').version} on src/ (Electron ${electronVersion}): ${result.atomicChecks + result.globalChecks} checks, ${result.issues.length} findings`);
for (const row of rows) console.log(`  ${row}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log('no unexplained HIGH or MEDIUM findings');
