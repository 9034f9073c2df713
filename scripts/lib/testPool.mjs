// The test jobs of `npm test` run as a pool: a few lanes, each taking the next job when its last one
// ends, the longest expected first (so no long job starts last and runs alone). Most of a UI test's
// time is waiting (code-server starting, the workbench loading, Zero answering), so on 2 cores three
// lanes keep the cores busy where one left them two-thirds idle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Lanes: ZERO_TEST_LANES, else one more than the cores (ZERO_TEST_SERIAL=1: one). */
export function laneCount(env = process.env) {
  if (env.ZERO_TEST_SERIAL === '1') return 1;
  const asked = Number(env.ZERO_TEST_LANES);
  if (Number.isInteger(asked) && asked > 0) return asked;
  return Math.max(1, os.cpus().length) + 1;
}

/**
 * Expected seconds of a job, from scripts/lib/testTimes.json (each job's time in one `npm test` on an
 * idle 2-core machine). A job it does not name (a new test file) counts as that suite's median.
 */
export function expectedSeconds(times, suite, key) {
  const known = times[suite] ?? {};
  if (typeof known[key] === 'number') return known[key];
  const all = Object.values(known).filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return all.length ? all[Math.floor(all.length / 2)] : 30;
}

export function readTimes(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

/** The test files of a folder, relative to root, sorted. */
export function testFiles(root, dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `${dir}/${f}`);
}

/**
 * Splits files into `n` groups of about equal expected time (each file to the lightest group, the
 * longest first): for a suite whose per-process start-up is worth sharing by several files.
 */
export function balancedGroups(files, n, weight) {
  const groups = Array.from({ length: Math.min(n, files.length) }, () => ({ files: [], seconds: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a))) {
    const lightest = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.files.push(f);
    lightest.seconds += weight(f);
  }
  return groups.filter((g) => g.files.length).map((g) => ({ ...g, files: g.files.sort() }));
}

/**
 * Runs jobs ({ seconds, start(): Promise }) on `lanes` lanes, the longest expected first; resolves with
 * the results in the jobs' order once all have ended.
 */
export async function runPool(jobs, lanes) {
  const queue = jobs.map((job, index) => ({ job, index })).sort((a, b) => b.job.seconds - a.job.seconds);
  const results = new Array(jobs.length);
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results[next.index] = await next.job.start();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, jobs.length)) }, lane));
  return results;
}
