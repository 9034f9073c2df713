import * as assert from 'node:assert/strict';
import {
  BARE_SKILL_NOTE,
  expandTemplate,
  expandZeroCommand,
  parseCommandFile,
  skillSlashName,
  validCommandName,
} from '../../../src/conversation/prompts/zeroCommands';

// Expected values are Zero 0.8.0's own (internal/usercommands/usercommands_test.go and Expand's doc).
describe("Zero's user commands: parsing and expansion as Zero does them", () => {
  it('reads frontmatter description and trims the body; CRLF files too; no description gets Zero default', () => {
    const c = parseCommandFile(
      'release',
      '---\r\ndescription: "Cut a release"\r\nmodel: claude-sonnet-4.5\r\n---\r\nCut release $1 from the current branch.\r\n',
      true,
    );
    assert.equal(c.description, 'Cut a release');
    assert.equal(c.template, 'Cut release $1 from the current branch.');
    assert.equal(c.project, true);
    assert.equal(parseCommandFile('x', 'just text', false).description, 'User command: /x');
    // An unclosed frontmatter is body text.
    assert.equal(parseCommandFile('y', '---\ndescription: d\nbody', false).template, '---\ndescription: d\nbody');
  });

  it('expands $ARGUMENTS, $1..$9 and $$; a missing positional is empty; an unknown $x stays', () => {
    assert.equal(
      expandTemplate('Title: $1. Summarize: $ARGUMENTS', 'fix-bug  now please'),
      'Title: fix-bug. Summarize: fix-bug  now please',
    );
    assert.equal(expandTemplate('a=$1 b=$2 c=$3', 'x y'), 'a=x b=y c=');
    assert.equal(expandTemplate('cost $$5 and $HOME and $', ''), 'cost $5 and $HOME and $');
    assert.equal(expandTemplate('$ARGUMENTSX', ' q '), 'qX');
  });

  it('a template without $ gets the arguments appended after a blank line, or is left alone', () => {
    assert.equal(expandTemplate('Review the diff.', '  focus on tests '), 'Review the diff.\n\nfocus on tests');
    assert.equal(expandTemplate('Review the diff.', ''), 'Review the diff.');
  });

  it('a skill is its body then the request, or Zero note when invoked bare', () => {
    const skill = { name: 'pr', description: 'd', kind: 'skill' as const, template: 'Review the PR.' };
    assert.equal(expandZeroCommand(skill, 'number 12'), 'Review the PR.\n\nnumber 12');
    assert.equal(expandZeroCommand(skill, ''), `Review the PR.\n\n${BARE_SKILL_NOTE}`);
    assert.match(BARE_SKILL_NOTE, /^The user invoked this skill directly without providing a request\. /);
  });

  it('names: commands are [a-z0-9-]; skills are lowercased and may have . and _, else not typable', () => {
    assert.ok(validCommandName('open-pr2'));
    assert.ok(!validCommandName('Bad Name') && !validCommandName('a_b') && !validCommandName(''));
    assert.equal(skillSlashName(' My_Skill.v2 '), 'my_skill.v2');
    assert.equal(skillSlashName('has space'), '');
  });
});
