#!/usr/bin/env node
// `npm run release:check [-- --tag vX.Y.Z[-pre]] [--notes file]`: may this version be published?
// (rules: lib/releaseCheck.ts). Without --tag it checks package.json's version before tagging; the
// release workflow passes the pushed tag. --notes writes the version's CHANGELOG section (release notes).
// It builds the production bundles into a temporary folder (dist/ is left alone) to check their sizes
// and that the chat view's files (its script, stylesheet and font) were made.
// In GitHub Actions it also writes `version` and `pre_release` to $GITHUB_OUTPUT.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BUNDLE_BUDGETS, changelogSection, checkRelease, WEBVIEW_FILES } from './lib/releaseCheck';

const ROOT = path.resolve(__dirname, '..');

function option(argv: string[], name: string): string | undefined {
  const i = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const a = argv[i]!;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : (argv[i + 1] ?? '');
}

const tag = option(process.argv.slice(2), '--tag');
const notes = option(process.argv.slice(2), '--notes');
/** Sizes of the budgeted bundles of a production build, and which files of the chat view it made. */
function productionBuild(): { sizes: Record<string, number>; webviewFiles: string[] } {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'zero-release-check-'));
  try {
    execFileSync(process.execPath, ['esbuild.mjs', '--production', `--outdir=${out}`], { cwd: ROOT, stdio: 'ignore' });
    const sizes: Record<string, number> = {};
    for (const file of Object.keys(BUNDLE_BUDGETS))
      if (fs.existsSync(path.join(out, file))) sizes[file] = fs.statSync(path.join(out, file)).size;
    return { sizes, webviewFiles: WEBVIEW_FILES.filter((f) => fs.existsSync(path.join(out, f))) };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
const { sizes: bundles, webviewFiles } = productionBuild();
const verdict = checkRelease({
  packageJson: fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
  changelog,
  ...(tag !== undefined ? { tag } : {}),
  bundles,
  webviewFiles,
});

for (const [file, size] of Object.entries(bundles))
  console.log(
    `release:check: dist/${file} ${size.toLocaleString('en')} bytes (budget ${BUNDLE_BUDGETS[file]!.toLocaleString('en')})`,
  );
for (const note of verdict.notes) console.log(`release:check: note: ${note}`);
for (const error of verdict.errors) console.error(`release:check: ${error}`);
const what = `${verdict.version ?? '?'}${tag !== undefined ? ` (tag ${tag}${verdict.preRelease ? ', pre-release' : ''})` : ''}`;
if (!verdict.ok) {
  console.error(`release:check: FAILED for ${what}: do not publish.`);
  process.exit(1);
}
if (notes) {
  const section = changelogSection(changelog, verdict.version ?? '') ?? changelogSection(changelog, 'Unreleased') ?? '';
  fs.writeFileSync(notes, `${section.trim()}\n`);
}
if (process.env.GITHUB_OUTPUT) {
  fs.appendFileSync(process.env.GITHUB_OUTPUT, `version=${verdict.version}\npre_release=${verdict.preRelease}\n`);
}
console.log(`release:check: ok for ${what}`);
