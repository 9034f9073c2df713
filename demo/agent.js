'use strict';
// The demo agent: a fake-zero scenario (see demo-zero.js) that answers the demo workspace the way a
// real Zero run would, through real tool calls: it reads greet.js, reasons, fixes the TODO (a real
// write, with a checkpoint, so the chat offers Diff and Undo), and asks to fetch a web page (refused
// headless, so the extension shows its approval dialog; the approved retry then succeeds). It also
// answers Explain / Fix / Ask about a selection from the code in the prompt. Anything else gets a short,
// honest answer: this is the demo agent, and how to install Zero.
const fs = require('node:fs');
const path = require('node:path');
const { parseSelection, describeCode } = require('./reading');

const INSTALL = 'https://github.com/Gitlawb/zero#installation';
const DOCS_URL = 'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/String/trim';
// The demo never uses the network: an approved fetch returns this excerpt, and says so.
const DOCS_PAGE = [
  '# String.prototype.trim() - JavaScript | MDN',
  '',
  'The trim() method of String values removes whitespace from both ends of this string and returns a new string,',
  'without modifying the original string. Whitespace is all the whitespace characters (space, tab, no-break space,',
  'etc.) and all the line terminator characters (LF, CR, etc.).',
  '',
  '(demo agent: a stored excerpt; nothing was fetched)',
].join('\n');

const BEFORE = "  return 'Hello, ' + name + '!';";
const AFTER = ["  const who = typeof name === 'string' ? name.trim() : '';", "  return 'Hello, ' + (who || 'there') + '!';"].join('\n');

/** Streams a sentence in small pieces, as a model does. */
async function say(api, text) {
  for (const piece of text.match(/\S+\s*|\s+/g) || []) await api.text(piece);
}

async function think(api, text) {
  for (const piece of text.match(/(?:\S+\s*){1,4}|\s+/g) || []) await api.reasoning(piece);
}

function readWorkspaceFile(cwd, rel) {
  try {
    return fs.readFileSync(path.join(cwd, rel), 'utf8');
  } catch {
    return null;
  }
}

/** greet.js with the TODO fixed, or null when the file is not the demo's (the demo knows only that fix). */
function fixedGreet(source) {
  if (!source.includes(BEFORE)) return null;
  return source
    .split('\n')
    .filter((line) => !/^\s*\/\/\s*TODO\b/.test(line))
    .join('\n')
    .replace(BEFORE, AFTER);
}

async function tour(api, info) {
  await think(api, 'The user wants the TODO handled. The workspace has one source file, greet.js: read it before changing anything.');
  await say(api, "I'll start by reading greet.js.");
  await api.usage(1850, 42);
  const read = await api.tool('read_file', { path: 'greet.js' });
  const source = readWorkspaceFile(info.cwd, 'greet.js');
  if (read.status !== 'ok' || source === null) {
    await say(api, 'There is no greet.js in this folder. Open the demo workspace that `npm start` prints, then ask again.');
    await api.usage(2100, 30);
    return;
  }
  const fixed = fixedGreet(source);
  if (fixed === null) {
    await think(api, 'greet.js no longer has the original one-line return, so the TODO looks handled or the file was rewritten.');
    await say(api, 'greet.js already differs from the version with the TODO: it no longer concatenates `name` directly, so there is nothing for me to fix. ');
    await say(api, 'Use **Undo Changes…** on an earlier turn to get the original back and try again.');
    await api.usage(2300, 45);
    return;
  }
  await think(api, "greet(name) glues name straight into the string, so greet('') returns \"Hello, !\" and greet() returns \"Hello, undefined!\". ");
  await think(api, 'Smallest fix: trim the name and fall back to a default when nothing is left. Keep the function signature; remove the TODO.');
  await say(api, "`greet('')` returns `Hello, !` today, and `greet()` returns `Hello, undefined!`. ");
  await say(api, 'I will trim the name and fall back to `there` when it is empty, then remove the TODO.');
  await api.usage(2600, 96);
  const write = await api.tool('write_file', { path: 'greet.js', content: fixed, overwrite: true });
  if (write.status !== 'ok') {
    await say(api, `The edit was refused: ${write.output}`);
    await api.usage(2900, 30);
    return;
  }
  await say(api, "Done: `greet('')` and `greet('   ')` now return `Hello, there!`. ");
  await say(api, 'Before you rely on it, I want to confirm on MDN which characters `trim()` removes.');
  await api.usage(3100, 60);
  await fetchDocs(api, DOCS_URL);
}

async function fetchDocs(api, url) {
  const fetched = await api.tool('web_fetch', { url }, { output: DOCS_PAGE });
  if (fetched.status === 'ok') {
    await say(api, 'MDN confirms it: `trim()` removes spaces, tabs, no-break spaces and line terminators from both ends, ');
    await say(api, 'so a name made only of whitespace gets the default too. The fix in greet.js stands; nothing else to change. ');
    await say(api, '(This was the demo agent: the page excerpt is stored, nothing was fetched.)');
  } else {
    await say(api, 'Fetching that page needs your approval. Allow it and I will retry; the fix in greet.js is in place either way.');
  }
  await api.usage(3400, 70);
}

/** "The user approved these tool calls …": run the approved fetches again (the grant now allows them). */
async function retry(api, info) {
  const urls = [...info.prompt.matchAll(/^- web_fetch \((\S+)\)/gm)].map((m) => m[1]);
  await think(api, 'The user approved the fetch that was refused. Retry it and finish the check.');
  if (urls.length === 0) {
    await say(api, 'Thanks. The demo agent only retries web page fetches, and none was approved here.');
    await api.usage(1200, 20);
    return;
  }
  for (const url of urls) await fetchDocs(api, url);
}

function explanation(sel) {
  const d = describeCode(sel.code, sel.language);
  const where = `\`${sel.path}\` lines ${sel.startLine}-${sel.endLine} (${d.lineCount} ${d.lineCount === 1 ? 'line' : 'lines'} of ${sel.language || 'code'})`;
  const parts = [`**What it is:** ${where}.`];
  parts.push(d.what.length ? `**What it does:** ${d.what.join(' ')}` : '**What it does:** no functions, classes or variables are defined in this selection; it is a fragment of a larger piece.');
  if (d.surprises.length) parts.push(`**Worth knowing:** ${d.surprises.join(' ')}`);
  return { text: parts.join('\n\n'), d };
}

async function explain(api, sel) {
  await think(api, `Read the ${sel.language || 'code'} selection from ${sel.path}: what it defines, what it returns, and anything surprising.`);
  await say(api, explanation(sel).text);
  await api.usage(1400 + sel.code.length, 120);
}

async function fix(api, info, sel) {
  await think(api, `Look for the problems in ${sel.path}: the diagnostics sent with the selection first, then the code itself.`);
  const source = readWorkspaceFile(info.cwd, sel.path);
  const fixed = source === null ? null : fixedGreet(source);
  if (fixed !== null && sel.code.includes(BEFORE.trim())) {
    await say(api, 'The problem here is the unchecked `name`: an empty name gives `Hello, !`. I will trim it and fall back to `there`.');
    await api.usage(1600, 60);
    const write = await api.tool('write_file', { path: sel.path, content: fixed, overwrite: true });
    await say(api, write.status === 'ok' ? ` Fixed ${sel.path}; the TODO is gone. Use **Diff** to review it or **Undo Changes…** to restore it.` : ` The edit was refused: ${write.output}`);
    await api.usage(1900, 40);
    return;
  }
  const { d } = explanation(sel);
  const found = [...sel.diagnostics.map((x) => `- ${x}`), ...d.surprises.map((x) => `- ${x}`)];
  await say(api, found.length ? `Here is what I see in \`${sel.path}\`:\n\n${found.join('\n')}\n\n` : `I see no diagnostics or obvious problems in \`${sel.path}\` lines ${sel.startLine}-${sel.endLine}. `);
  await say(api, `This is the demo agent: the only edit it makes is the greet.js fix of the tour, so it leaves this code as it is. With [Zero installed](${INSTALL}), Fix with Zero edits the file for you.`);
  await api.usage(1700, 90);
}

async function ask(api, sel) {
  await think(api, `Answer the question about ${sel.path} from the selected code.`);
  const question = sel.ask.replace(/\s+/g, ' ').slice(0, 200);
  await say(api, `${question ? `You asked: “${question}”. ` : ''}Here is what the selected code shows.\n\n`);
  await say(api, explanation(sel).text);
  await say(api, `\n\nThis is the demo agent: it reads code by patterns and answers from that. For answers to any question, [install Zero](${INSTALL}).`);
  await api.usage(1500 + sel.code.length, 140);
}

/** A question about greet.js that is not the fix: read it, then say what it does. */
async function aboutGreet(api, info) {
  await think(api, 'The question is about greet.js: read it and answer from its code.');
  await say(api, 'Let me read greet.js.');
  await api.usage(1500, 20);
  await api.tool('read_file', { path: 'greet.js' });
  const source = readWorkspaceFile(info.cwd, 'greet.js');
  if (source === null) {
    await say(api, 'There is no greet.js in this folder. Open the demo workspace that `npm start` prints, then ask again.');
  } else {
    const lines = source.replace(/\n$/, '').split('\n').length;
    await say(api, explanation({ path: 'greet.js', startLine: 1, endLine: lines, language: 'javascript', code: source }).text);
    if (fixedGreet(source) !== null) await say(api, '\n\nAsk me to **fix the TODO in greet.js** and I will make the change.');
  }
  await api.usage(2000, 110);
}

async function unknown(api) {
  await say(api, 'I am the demo agent that `npm start` uses when no Zero CLI is installed, so I only know this workspace’s tour: ');
  await say(api, 'ask me to **fix the TODO in greet.js**, or select code and choose **Explain with Zero**, **Fix with Zero** or **Ask Zero about Selection**.\n\n');
  await say(api, `For real answers, [install Zero](${INSTALL}), run \`zero setup\` to choose a model provider, and start again: \`npm start\` uses the \`zero\` on your PATH.`);
  await api.usage(900, 80);
}

/** The scenario: picks what to do from the prompt. */
async function demoAgent(api, info) {
  const prompt = info.prompt;
  if (/^The user approved these tool calls/.test(prompt)) return retry(api, info);
  const sel = parseSelection(prompt);
  if (sel) {
    if (/^Explain what this code does/.test(prompt)) return explain(api, sel);
    if (/^Fix the problems/.test(prompt) || /^\s*fix\b/i.test(sel.ask)) return fix(api, info, sel);
    return ask(api, sel);
  }
  const greet = /\bgreet\b/i.test(prompt);
  if (/\b(todo|tour|empty name)\b/i.test(prompt) || (greet && /\bfix/i.test(prompt))) return tour(api, info);
  if (greet) return aboutGreet(api, info);
  return unknown(api);
}

module.exports = { demoAgent, fixedGreet, DOCS_URL };
