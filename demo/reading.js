'use strict';
// What the demo agent understands of a prompt: the editor selection the extension sends with Explain /
// Fix / Ask (src/conversation/selectionPrompt.ts: "File: <path>, lines a-b (<lang>)" and a fence), and a
// plain reading of the selected code by patterns. No model: it says what it sees, nothing it guesses.

/** The first selection block in a prompt, or null: {path, startLine, endLine, language, code, diagnostics, ask}. */
function parseSelection(prompt) {
  const head = /^File: (.+), lines (\d+)-(\d+) \(([^)\n]*)\)\n(`{3,})[^\n]*\n/m.exec(prompt);
  if (!head) return null;
  const fence = head[5];
  const bodyStart = head.index + head[0].length;
  const close = prompt.indexOf(`\n${fence}`, bodyStart - 1);
  const code = close < 0 ? prompt.slice(bodyStart) : prompt.slice(bodyStart, close);
  const after = close < 0 ? '' : prompt.slice(close + fence.length + 1);
  const diagnostics = [];
  const diagBlock = /^Diagnostics in the selection:\n((?:- .*\n?)+)/m.exec(after);
  if (diagBlock) for (const line of diagBlock[1].split('\n')) if (line.startsWith('- ')) diagnostics.push(line.slice(2).trim());
  return {
    path: head[1],
    startLine: Number(head[2]),
    endLine: Number(head[3]),
    language: head[4],
    code,
    diagnostics,
    /** What the user asked, before the selection block. */
    ask: prompt.slice(0, head.index).trim(),
  };
}

/** Functions, classes and variables the code defines, by name, in order. */
function definitions(code) {
  const found = [];
  const add = (kind, name, params) => {
    if (!found.some((d) => d.name === name)) found.push({ kind, name, params: params === undefined ? undefined : params.split(',').map((p) => p.trim()).filter(Boolean) });
  };
  for (const m of code.matchAll(/\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(([^)]*)\)/g)) add('function', m[1], m[2]);
  for (const m of code.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\(([^)]*)\)|([A-Za-z_$][\w$]*))\s*=>/g)) add('function', m[1], m[2] ?? m[3]);
  for (const m of code.matchAll(/^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(([^)]*)\)/gm)) add('function', m[1], m[2]);
  for (const m of code.matchAll(/^\s*func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*\(([^)]*)\)/gm)) add('function', m[1], m[2]);
  for (const m of code.matchAll(/^\s*(?:pub\s+)?fn\s+([A-Za-z_]\w*)\s*(?:<[^>]*>)?\s*\(([^)]*)\)/gm)) add('function', m[1], m[2]);
  for (const m of code.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g)) add('class', m[1]);
  for (const m of code.matchAll(/\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=(?!\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>)/g)) add('variable', m[1]);
  return found;
}

/**
 * Sentences about the code: what it defines, what it does, and what may surprise (a parameter glued
 * into a string with no check for empty or missing values, TODO comments).
 */
function describeCode(code, language) {
  const lines = code.replace(/\n$/, '').split('\n');
  const defs = definitions(code);
  const what = [];
  const surprises = [];
  for (const d of defs) {
    if (d.kind === 'function') what.push(`\`${d.name}(${(d.params || []).join(', ')})\` is a function${d.params && d.params.length ? ` taking ${d.params.length === 1 ? 'one argument' : `${d.params.length} arguments`}` : ' with no arguments'}.`);
    else if (d.kind === 'class') what.push(`\`${d.name}\` is a class.`);
    else what.push(`\`${d.name}\` is a variable.`);
  }
  const returns = (code.match(/\breturn\b/g) || []).length;
  if (returns) what.push(returns === 1 ? 'It returns one value.' : `It has ${returns} return statements.`);
  if (/(['"`])[^'"`\n]*\1\s*\+|\+\s*(['"`])/.test(code)) what.push('It builds a string by concatenation (`+`).');
  if (/^\s*(?:for|while)\b|\.(?:forEach|map|reduce)\(/m.test(code)) what.push('It loops over values.');
  const prints = (code.match(/\bconsole\.log\(|\bprint\(|\bfmt\.Print/g) || []).length;
  if (prints) what.push(`It prints ${prints === 1 ? 'once' : `${prints} times`}.`);
  for (const d of defs) {
    for (const p of d.params || []) {
      const name = p.replace(/[=:].*$/, '').trim();
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) continue;
      const glued = new RegExp(`\\+\\s*${name}\\s*\\+|\\+\\s*${name}\\b|\\b${name}\\s*\\+`).test(code);
      const checked = new RegExp(`\\b${name}\\s*(\\|\\||\\?\\?|===?|!==?)|!\\s*${name}\\b|\\b${name}\\.trim\\(|typeof\\s+${name}\\b|\\bif\\s*\\(\\s*${name}\\b`).test(code);
      if (glued && !checked) surprises.push(`\`${name}\` is joined into the string without a check: an empty value leaves a gap, and a missing one prints \`undefined\`.`);
    }
  }
  for (const m of code.matchAll(/(?:\/\/|#|\/\*)\s*(TODO|FIXME)\b:?\s*(.*)/g)) surprises.push(`A ${m[1]} says: ${m[2].replace(/\*\/\s*$/, '').trim()}`);
  return { lineCount: lines.length, language, what, surprises, defs };
}

module.exports = { parseSelection, describeCode, definitions };
