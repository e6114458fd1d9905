// Commit subjects follow Conventional Commits (CONTRIBUTING.md): `type(scope): subject`, at most 72 characters.
// Checks every commit after BASE_COMMIT, the last commit before issue 33: the history before it is not rewritten.
// Merge commits are skipped (git writes their subjects), and so are the few listed in EXCEPTIONS.
//
// Usage: node scripts/check-commits.mjs [base]   (npm run lint:commits)
// Prints one line per bad commit and exits 1 if there is any. In a clone without the base commit (a shallow clone)
// or outside a git work tree it says so and exits 0: there is nothing it can check there.
// checkCommits() and formatCommitCheck() are exported for scripts/test-all.mjs.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const BASE_COMMIT = '96b0039';
export const MAX_SUBJECT = 72;
/** The types of @commitlint/config-conventional. */
export const TYPES = ['build', 'chore', 'ci', 'docs', 'feat', 'fix', 'perf', 'refactor', 'revert', 'style', 'test'];

/**
 * Commits that broke the rule after it was adopted and cannot be rewritten (others had committed on top): full hash
 * -> why it is let through. Keep this list empty from now on.
 */
export const EXCEPTIONS = new Map([
  ['c81f47156d3822162f7333e8ae69122126572357', 'subject of 74 characters, written before this check existed'],
  [
    '1454ef360311ba83741c4098d56c002453c88c9a',
    'subject of 73 characters; others may build on it, so it is not amended',
  ],
  [
    'd2d298c8f52cb9fa1910cb7d0c00528f69719499',
    'subject of 79 characters (issue 34 screenshots); others had committed on top, so it is not amended',
  ],
  [
    'a159bbf57e6f8f4d2be30beeec32bbe56c5875c7',
    'subject of 74 characters (issue 34 report mail); others had committed on top, so it is not amended',
  ],
  [
    '18f1ba8f5c3d00044b7891fec2c1dda8d1bff44f',
    'subject of 73 characters (issue 34 OpenAPI tools); others had committed on top, so it is not amended',
  ],
  [
    '158e7298125c18282b85a79c39c42648cbacce56',
    'subject of 74 characters (issue 38 map packages); others had committed on top, so it is not amended',
  ],
  [
    'e2db70865fc96ef9d04632a9fcc69e1c62e53e3f',
    'subject of 73 characters (key panels refactor); three commits were on top when it was seen, so it is not amended',
  ],
]);

const SUBJECT = new RegExp(`^(${TYPES.join('|')})(\\([a-z0-9][a-z0-9./-]*\\))?!?: \\S`);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

function git(args, cwd) {
  return spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** What is wrong with one subject, or null. */
export function subjectProblem(subject) {
  if (!SUBJECT.test(subject)) return `not "type(scope): subject" with a type of ${TYPES.join(', ')}`;
  if (subject.length > MAX_SUBJECT) return `${subject.length} characters, more than ${MAX_SUBJECT}`;
  return null;
}

/**
 * @returns {{ skipped: string | null, checked: number, bad: { hash: string, subject: string, problem: string }[] }}
 *   skipped says why nothing could be checked (no git, no base commit); bad lists the commits that fail.
 */
export function checkCommits({ cwd = ROOT, base = BASE_COMMIT } = {}) {
  const inside = git(['rev-parse', '--is-inside-work-tree'], cwd);
  if (inside.status !== 0) return { skipped: 'not a git work tree', checked: 0, bad: [] };
  if (git(['cat-file', '-e', `${base}^{commit}`], cwd).status !== 0) {
    const shallow = git(['rev-parse', '--is-shallow-repository'], cwd).stdout.trim() === 'true';
    const why = shallow ? 'a shallow clone; fetch the full history to check' : 'not in this history';
    return { skipped: `base commit ${base} is absent (${why})`, checked: 0, bad: [] };
  }
  const log = git(['log', '--no-merges', '--format=%H%x09%s', `${base}..HEAD`], cwd);
  if (log.status !== 0) throw new Error(`git log failed: ${log.stderr.trim()}`);
  const lines = log.stdout.split('\n').filter(Boolean);
  const bad = [];
  for (const line of lines) {
    const tab = line.indexOf('\t');
    const hash = line.slice(0, tab);
    const subject = line.slice(tab + 1);
    const problem = subjectProblem(subject);
    if (problem && !EXCEPTIONS.has(hash)) bad.push({ hash: hash.slice(0, 7), subject, problem });
  }
  return { skipped: null, checked: lines.length, bad };
}

/** One line per bad commit, then a summary line. */
export function formatCommitCheck(result, base = BASE_COMMIT) {
  if (result.skipped) return `commit subjects: not checked: ${result.skipped}`;
  const lines = result.bad.map((c) => `${c.hash} ${c.problem}: ${c.subject}`);
  lines.push(`commit subjects: ${result.checked} after ${base} checked, ${result.bad.length} bad`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const base = process.argv[2] ?? BASE_COMMIT;
  const result = checkCommits({ base });
  console.log(formatCommitCheck(result, base));
  process.exit(result.bad.length > 0 ? 1 : 0);
}
