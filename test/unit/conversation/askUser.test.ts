import { strict as assert } from 'node:assert';
import {
  answerMessage,
  askFromArgs,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  zeroAnsweredItself,
} from '../../../src/conversation/askUser';
import type { ToolItem } from '../../../src/conversation/model';

const tool = (over: Partial<ToolItem>): ToolItem => ({
  kind: 'tool',
  key: 'q1',
  id: 'q1',
  name: 'ask_user',
  args: null,
  sideEffect: 'read',
  status: 'ok',
  output: null,
  truncated: false,
  changedFiles: [],
  checkpoint: null,
  summary: null,
  ...over,
});

describe("the model's questions (ask_user)", () => {
  it('reads a question with its header, options, their descriptions and the recommended one', () => {
    const ask = askFromArgs({
      header: ' Report ',
      questions: [
        {
          question: 'Which format?',
          header: 'Format',
          options: ['Markdown', { label: 'JSON', description: 'For programs' }, '  ', 'Markdown'],
          optionDescriptions: ['Headings'],
          recommended: ' markdown ',
        },
      ],
    });
    assert.deepEqual(ask, {
      header: 'Report',
      questions: [
        {
          question: 'Which format?',
          header: 'Format',
          options: [
            { label: 'Markdown', description: 'Headings' },
            { label: 'JSON', description: 'For programs' },
          ],
          recommended: 'Markdown',
          multiSelect: false,
        },
      ],
    });
  });

  it("reads what Zero reads: a bare string, the question's other names; a recommendation not among the options is dropped", () => {
    const ask = askFromArgs({
      questions: [
        'Anything else?',
        { prompt: 'Where to?', options: 'docs/\nsrc/', recommended: 'lib/', multiSelect: true },
      ],
    });
    assert.deepEqual(
      ask?.questions.map((q) => [q.question, q.options.map((o) => o.label), q.recommended, q.multiSelect]),
      [
        ['Anything else?', [], null, false],
        ['Where to?', ['docs/', 'src/'], null, true],
      ],
    );
  });

  it('refuses what Zero refuses: no questions, an empty one, one without words', () => {
    for (const args of [
      null,
      {},
      { questions: [] },
      { questions: ['  '] },
      { questions: [{ header: 'x' }] },
      { questions: [7] },
    ])
      assert.equal(askFromArgs(args), null, JSON.stringify(args));
  });

  it('clamps what the model wrote: questions, options and their length', () => {
    const ask = askFromArgs({
      questions: Array.from({ length: 50 }, () => ({
        question: 'q'.repeat(10_000),
        header: 'h'.repeat(10_000),
        options: Array.from({ length: 50 }, (_, i) => `${i}${'o'.repeat(10_000)}`),
      })),
    })!;
    assert.equal(ask.questions.length, MAX_QUESTIONS);
    const q = ask.questions[0]!;
    assert.equal(q.options.length, MAX_OPTIONS);
    assert.deepEqual([q.question.length, q.header!.length, q.options[0]!.label.length], [2000, 200, 300]);
  });

  it('the answer message quotes each answered question, then its answer', () => {
    const questions = [
      { question: 'Which format?' },
      { question: 'Which sections?\nPick any.' },
      { question: 'More?' },
    ];
    assert.equal(
      answerMessage(questions, ['JSON', 'Intro, API', '  ']),
      '> Which format?\n\nJSON\n\n> Which sections?\n> Pick any.\n\nIntro, API',
    );
    assert.equal(answerMessage(questions, ['', ' ']), null);
  });

  it("knows Zero's own answer (nobody could be asked) from a real one or an error", () => {
    const zero =
      'No interactive user is available to answer questions. Proceed with your best assumption, explicitly stating the assumptions you are making.';
    assert.equal(zeroAnsweredItself(tool({ output: zero })), true);
    assert.equal(zeroAnsweredItself(tool({ output: '1. [question] Which?\n[answer] JSON' })), false);
    assert.equal(zeroAnsweredItself(tool({ status: 'error', output: `Error: ${zero}` })), false);
  });
});
