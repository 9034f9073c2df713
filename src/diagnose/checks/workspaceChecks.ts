/**
 * Workspace Trust, and the settings as the extension uses them: which workspace values were
 * refused and why (zero/config/settingsSources.ts), and what the user settings choose. Names only where a
 * value could be a secret: `zero.env` lists its keys, `zero.extraArgs` its flags.
 */
import { describeIgnored, type IgnoredSetting, type ZeroSettings } from '../../zero/config/settingsSources';
import { detail, type CheckOutcome, type Detail } from '../report';
import type { Check } from '../runChecks';

export function trustCheck(trusted: boolean): Check {
  return {
    id: 'trust',
    title: 'Workspace Trust',
    timeoutMs: 1_000,
    run: () =>
      Promise.resolve<CheckOutcome>(
        trusted
          ? {
              status: 'ok',
              finding:
                'This workspace is trusted: Zero may write files and run commands, asking first as its mode says.',
              details: [],
            }
          : {
              status: 'warning',
              finding:
                'Restricted Mode: this workspace is not trusted, so Zero runs in plan mode only (it reads and answers, and changes nothing). Trust the workspace to let it work.',
              details: [],
            },
      ),
  };
}

export function settingsCheck(settings: ZeroSettings, fromFiles: readonly IgnoredSetting[]): Check {
  return {
    id: 'settings',
    title: 'Settings',
    timeoutMs: 1_000,
    run: () => {
      const all = [...settings.ignored, ...fromFiles];
      // The same key from inspect() and from the file: once (as the warning toast does).
      const ignored = all.filter((i, n) => all.findIndex((j) => j.key === i.key && j.why === i.why) === n);
      const details = [...ignored.map((i) => detail(`Ignored: ${i.key}`, i.why)), ...used(settings)];
      return Promise.resolve<CheckOutcome>(
        ignored.length > 0
          ? {
              status: 'warning',
              finding: `Ignored from this workspace's settings: ${describeIgnored(ignored)}.`,
              details,
            }
          : { status: 'ok', finding: 'No workspace setting was ignored.', details },
      );
    },
  };
}

function used(s: ZeroSettings): Detail[] {
  const or = (v: string, none: string): string => (v === '' ? none : v);
  const envKeys = Object.keys(s.env).sort();
  const flags = s.extraArgs.filter((a) => a.startsWith('-')).map((a) => a.replace(/=.*$/s, '=…'));
  return [
    detail('zero.path', or(s.path, '(not set: PATH and the usual install folders are searched)')),
    detail('zero.transport', s.transport ?? 'exec'),
    detail('zero.model', or(s.model, "(not set: Zero's default)")),
    detail('zero.mode', or(s.mode, '(not set)')),
    detail('zero.autonomy', or(s.autonomy, '(not set)')),
    detail('zero.env (names only)', envKeys.length > 0 ? envKeys.join(', ') : '(none)'),
    detail(
      'zero.extraArgs (flags only)',
      s.extraArgs.length > 0 ? `${flags.join(' ') || '(no flags)'} (${s.extraArgs.length} arguments)` : '(none)',
    ),
    detail('zero.addDirs', `${s.addDirs.length} folder${s.addDirs.length === 1 ? '' : 's'}`),
    detail('zero.addWorkspaceFolders', s.addWorkspaceFolders),
  ];
}
