/** Which `zero` will run, checked at start-up and whenever `zero.path` changes. */
import { findZero, probeVersion } from '../zero';
import type { BinaryState } from '../messages/messages';

export async function checkBinary(configuredPath: string): Promise<BinaryState & { version: string | null }> {
  const found = findZero({ configuredPath });
  if (!found.ok) return { ok: false, path: null, demo: false, problem: found.reason, version: null };
  const version = await probeVersion(found.path);
  return { ok: true, path: found.path, demo: version?.demo ?? false, problem: null, version: version?.text ?? null };
}
