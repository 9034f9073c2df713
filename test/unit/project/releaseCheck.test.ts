// The release gate (scripts/lib/releaseCheck.ts): what `npm run release:check` and the release
// workflow refuse, on the repo's real files and on small made-up ones.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BUNDLE_BUDGETS, changelogSection, checkRelease, WEBVIEW_FILES } from '../../../scripts/lib/releaseCheck';

const ROOT = path.resolve(__dirname, '../..', '..');
const pkg = (version: string) => JSON.stringify({ name: 'x', version });
const RELEASED =
  '# Changelog\n\n## [Unreleased]\n\n## [1.2.3] - 2026-12-01\n\n### Added\n- A thing.\n\n## [1.2.2] - 2026-11-01\n- Older.\n';

describe('release check', () => {
  it('passes for the repo as it is (the version in package.json, before tagging)', function () {
    this.timeout(60_000); // it builds the production bundles to measure them
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/release-check.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const version = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string })
      .version;
    assert.match(r.stdout, new RegExp(`ok for ${version.replace(/\./g, '\\.')}`));
    assert.match(r.stdout, /dist\/extension\.js [\d,]+ bytes \(budget 300,000\)/, 'the production bundle was measured');
  });

  it('refuses a production bundle over its size budget, or one the build did not make', () => {
    assert.equal(BUNDLE_BUDGETS['extension.js'], 300_000);
    const at = checkRelease({ packageJson: pkg('1.2.3'), changelog: RELEASED, bundles: { 'extension.js': 300_000 } });
    assert.deepEqual(at.errors, []);
    const over = checkRelease({ packageJson: pkg('1.2.3'), changelog: RELEASED, bundles: { 'extension.js': 300_001 } });
    assert.equal(over.ok, false);
    assert.match(over.errors.join('\n'), /dist\/extension\.js is 300,001 bytes, over its budget of 300,000/);
    const missing = checkRelease({ packageJson: pkg('1.2.3'), changelog: RELEASED, bundles: {} });
    assert.match(missing.errors.join('\n'), /made no dist\/extension\.js/);
  });

  it("refuses a production build that did not make one of the chat view's files (its stylesheet, dist/chat.css)", () => {
    const input = { packageJson: pkg('1.2.3'), changelog: RELEASED };
    assert.deepEqual(checkRelease({ ...input, webviewFiles: ['webview.js', 'chat.css', 'codicon.ttf'] }).errors, []);
    const unstyled = checkRelease({ ...input, webviewFiles: WEBVIEW_FILES.filter((f) => f !== 'chat.css') });
    assert.equal(unstyled.ok, false);
    assert.deepEqual(unstyled.errors, ['the production build made no dist/chat.css, which the chat view loads.']);
  });

  it('fails for a tag that does not match package.json, naming both', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/release-check.ts', '--tag', 'v99.0.0'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /tag "v99\.0\.0" does not match package\.json version/);
    assert.match(r.stderr, /do not publish/);
  });

  it('passes a tag that matches a version with its own CHANGELOG section', () => {
    const v = checkRelease({ packageJson: pkg('1.2.3'), changelog: RELEASED, tag: 'v1.2.3' });
    assert.deepEqual(v.errors, []);
    assert.equal(v.ok, true);
    assert.equal(v.preRelease, false);
  });

  it('a -pre tag is a pre-release of the same version', () => {
    const v = checkRelease({ packageJson: pkg('1.2.3'), changelog: RELEASED, tag: 'v1.2.3-pre' });
    assert.equal(v.ok, true, v.errors.join('\n'));
    assert.equal(v.preRelease, true);
  });

  it('refuses a tag with only [Unreleased] entries: the version needs its own section', () => {
    const changelog = '## [Unreleased]\n- New thing.\n';
    const tagged = checkRelease({ packageJson: pkg('1.2.3'), changelog, tag: 'v1.2.3' });
    assert.equal(tagged.ok, false);
    assert.match(tagged.errors.join('\n'), /no "## \[1\.2\.3\]" section: move the \[Unreleased\] entries under it/);
    // Before tagging, the pending entries count, with a note saying what to do.
    const local = checkRelease({ packageJson: pkg('1.2.3'), changelog });
    assert.equal(local.ok, true);
    assert.match(local.notes.join('\n'), /before tagging v1\.2\.3/);
  });

  it('refuses a missing or empty section, and an empty [Unreleased] does not count', () => {
    assert.match(
      checkRelease({ packageJson: pkg('1.2.4'), changelog: RELEASED, tag: 'v1.2.4' }).errors.join('\n'),
      /no "## \[1\.2\.4\]" section/,
    );
    assert.equal(
      checkRelease({ packageJson: pkg('1.2.4'), changelog: RELEASED }).ok,
      false,
      'an empty [Unreleased] is no entry',
    );
    const empty = checkRelease({
      packageJson: pkg('1.2.3'),
      changelog: '## [1.2.3] - 2026-12-01\n\n### Added\n\n## [1.2.2]\n- x\n',
      tag: 'v1.2.3',
    });
    assert.match(empty.errors.join('\n'), /lists no changes/);
  });

  it('refuses malformed tags and versions the Marketplace rejects', () => {
    assert.match(
      checkRelease({ packageJson: pkg('1.2.3'), changelog: RELEASED, tag: '1.2.3' }).errors.join('\n'),
      /not vX\.Y\.Z/,
    );
    assert.match(
      checkRelease({ packageJson: pkg('1.2.3'), changelog: RELEASED, tag: 'v1.2.3-beta' }).errors.join('\n'),
      /not vX\.Y\.Z/,
    );
    assert.match(
      checkRelease({ packageJson: pkg('1.2.3-beta.1'), changelog: RELEASED }).errors.join('\n'),
      /semver pre-release/,
    );
    assert.match(checkRelease({ packageJson: '{', changelog: RELEASED }).errors.join('\n'), /not valid JSON/);
    assert.match(checkRelease({ packageJson: '{}', changelog: RELEASED }).errors.join('\n'), /no "version"/);
  });

  it('finds a section by exact version, with or without a date', () => {
    assert.equal(changelogSection(RELEASED, '1.2.3')?.trim(), '### Added\n- A thing.');
    assert.equal(changelogSection(RELEASED, '1.2'), null, 'no prefix match');
    assert.equal(changelogSection('## [2.0.0]\n- x\n', '2.0.0')?.trim(), '- x');
    assert.equal(changelogSection('## [2.0.0]\n- x\n', '2x0x0'), null, 'dots are literal');
  });
});
