/** Which `zero` will run and whether it is new enough, checked at start-up and whenever `zero.path` changes. */
import { checkZeroVersion, findZero, probeVersion } from '..';
import type { BinaryState } from '../../messages/protocol';

export async function checkBinary(configuredPath: string): Promise<BinaryState & { version: string | null }> {
  const found = findZero({ configuredPath });
  if (!found.ok) return { ok: false, path: null, demo: false, problem: found.reason, version: null };
  const probed = await probeVersion(found.path);
  const version = probed?.text ?? null;
  const demo = probed?.demo ?? false;
  const verdict = checkZeroVersion(version);
  if (verdict.kind === 'old') return { ok: false, path: found.path, demo, problem: verdict.message, version };
  return {
    ok: true,
    path: found.path,
    demo,
    problem: null,
    version,
    note: verdict.kind === 'unknown' ? verdict.message : null,
  };
}
