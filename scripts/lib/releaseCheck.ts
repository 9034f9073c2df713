// What must hold before a version is published: package.json's version is one the Marketplace accepts,
// the tag names that version, CHANGELOG.md has a section for it with at least one entry, and the
// production bundles are within their size budgets and include every file the chat view loads.
// Pure (text in, verdict out) so every rule is unit-tested; scripts/release-check.ts does the I/O.
//
// Tags: `v1.2.3` publishes a release, `v1.2.3-pre` the same version as a pre-release (the Marketplace
// has no semver pre-release versions, so "pre" lives in the tag, not in package.json).

export interface ReleaseInput {
  /** package.json's text. */
  readonly packageJson: string;
  /** CHANGELOG.md's text. */
  readonly changelog: string;
  /** The git tag being released (`v1.2.3`, `v1.2.3-pre`); absent for a local check before tagging. */
  readonly tag?: string;
  /** Sizes in bytes of the production bundles (`node esbuild.mjs --production`), by file name in dist/. */
  readonly bundles?: Readonly<Record<string, number>>;
  /** Which of WEBVIEW_FILES that production build made in dist/. */
  readonly webviewFiles?: readonly string[];
}

/**
 * The largest each production bundle may be, in bytes. Every window loads dist/extension.js, and
 * compiling it is the largest part of what activation costs
 * (docs/long-chats.md, "Activation: what loading the extension costs").
 */
// Back to 300,000 (issue #30; it was 330,000 for issue #21's features): the transports, zod and cross-spawn load on
// first use too (dist/acpClient.js, exec.js, zod.js, spawn.js). Do not raise it: load more on demand instead.
export const BUNDLE_BUDGETS: Readonly<Record<string, number>> = { 'extension.js': 300_000 };

/** What the chat view loads from dist/ (src/host/views/webviewHtml.ts): without one it is empty or unstyled. */
export const WEBVIEW_FILES: readonly string[] = ['webview.js', 'chat.css', 'codicon.ttf'];

export interface ReleaseVerdict {
  readonly ok: boolean;
  readonly version: string | null;
  /** True when the tag asks for a pre-release (`vX.Y.Z-pre`). */
  readonly preRelease: boolean;
  /** Why it must not be published; empty when ok. */
  readonly errors: string[];
  /** Worth knowing, not blocking. */
  readonly notes: string[];
}

const VERSION_RE = /^\d+\.\d+\.\d+$/;
const TAG_RE = /^v(\d+\.\d+\.\d+)(-pre)?$/;

export function checkRelease(input: ReleaseInput): ReleaseVerdict {
  const errors: string[] = [];
  const notes: string[] = [];
  const version = readVersion(input.packageJson, errors);
  let preRelease = false;

  if (version !== null && !VERSION_RE.test(version)) {
    errors.push(
      `package.json version "${version}" is not major.minor.patch: the Marketplace refuses semver pre-release versions (tag vX.Y.Z-pre to publish a pre-release).`,
    );
  }
  if (input.tag !== undefined) {
    const m = TAG_RE.exec(input.tag.trim());
    if (!m) errors.push(`tag "${input.tag}" is not vX.Y.Z or vX.Y.Z-pre.`);
    else {
      preRelease = m[2] !== undefined;
      if (version !== null && m[1] !== version)
        errors.push(
          `tag "${input.tag}" does not match package.json version ${version} (expected v${version}${preRelease ? '-pre' : ''}).`,
        );
    }
  }

  if (version !== null) {
    const section = changelogSection(input.changelog, version);
    if (section === null) {
      const pending = changelogSection(input.changelog, 'Unreleased');
      if (input.tag === undefined && pending !== null && entries(pending) > 0) {
        // Before tagging, [Unreleased] is where the version's entries wait; the tag needs them named.
        notes.push(
          `${version} is not released yet: before tagging v${version}, rename "## [Unreleased]" to "## [${version}] - <date>" (and start a new empty [Unreleased]).`,
        );
      } else {
        errors.push(
          `CHANGELOG.md has no "## [${version}]" section${pending !== null && entries(pending) > 0 ? ': move the [Unreleased] entries under it' : ''}.`,
        );
      }
    } else if (entries(section) === 0) {
      errors.push(`CHANGELOG.md's "## [${version}]" section lists no changes.`);
    }
  }
  if (input.bundles) errors.push(...bundleErrors(input.bundles));
  if (input.webviewFiles)
    for (const file of WEBVIEW_FILES.filter((f) => !input.webviewFiles?.includes(f)))
      errors.push(`the production build made no dist/${file}, which the chat view loads.`);
  return { ok: errors.length === 0, version, preRelease, errors, notes };
}

function bundleErrors(bundles: Readonly<Record<string, number>>): string[] {
  const errors: string[] = [];
  for (const [file, budget] of Object.entries(BUNDLE_BUDGETS)) {
    const size = bundles[file];
    if (size === undefined) errors.push(`the production build made no dist/${file}.`);
    else if (size > budget) {
      errors.push(
        `dist/${file} is ${size.toLocaleString('en')} bytes, over its budget of ${budget.toLocaleString('en')}: load what activation does not need on demand (docs/long-chats.md, "Activation: what loading the extension costs").`,
      );
    }
  }
  return errors;
}

function readVersion(text: string, errors: string[]): string | null {
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch (e) {
    errors.push(`package.json is not valid JSON: ${(e as Error).message}`);
    return null;
  }
  const version = (pkg as { version?: unknown } | null)?.version;
  if (typeof version !== 'string' || version.trim() === '') {
    errors.push('package.json has no "version".');
    return null;
  }
  return version.trim();
}

/** The body of `## [name]` (optionally followed by ` - date`) up to the next `## ` heading, or null. */
export function changelogSection(changelog: string, name: string): string | null {
  const lines = changelog.replace(/\r\n?/g, '\n').split('\n');
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const heading = new RegExp(`^##\\s+\\[${escaped}\\](?:\\s*(?:-|–)\\s*\\S.*)?\\s*$`, 'i');
  const start = lines.findIndex((l) => heading.test(l));
  if (start < 0) return null;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => /^##\s/.test(l));
  return (end < 0 ? rest : rest.slice(0, end)).join('\n');
}

/** List items (`- …` / `* …`) in a section: one per change in Keep a Changelog form. */
function entries(section: string): number {
  return section.split('\n').filter((l) => /^\s*[-*]\s+\S/.test(l)).length;
}
