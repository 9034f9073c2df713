import { strict as assert } from 'node:assert';
import { dateGroup, groupByDate } from '../../../src/conversation/readouts/historyGroups';

const at = (y: number, m: number, d: number, h = 12, min = 0): number => new Date(y, m - 1, d, h, min).getTime();

describe('history date groups', () => {
  const now = at(2026, 3, 18, 9, 30); // a Wednesday morning

  it('puts a time in Today, Yesterday, This week, This month or Older by the local calendar day', () => {
    assert.equal(dateGroup(at(2026, 3, 18, 0, 1), now), 'Today');
    assert.equal(dateGroup(at(2026, 3, 18, 23, 59), now), 'Today', 'a clock a little ahead is still today');
    assert.equal(
      dateGroup(at(2026, 3, 17, 23, 59), now),
      'Yesterday',
      'one minute before midnight is yesterday, though under 10 hours ago',
    );
    assert.equal(dateGroup(at(2026, 3, 17, 0, 0), now), 'Yesterday');
    assert.equal(dateGroup(at(2026, 3, 16, 23, 0), now), 'This week');
    assert.equal(dateGroup(at(2026, 3, 12, 8, 0), now), 'This week', 'six days ago');
    assert.equal(dateGroup(at(2026, 3, 11, 8, 0), now), 'This month', 'seven days ago');
    assert.equal(dateGroup(at(2026, 3, 1, 0, 0), now), 'This month');
    assert.equal(dateGroup(at(2026, 2, 28, 23, 0), now), 'Older');
    assert.equal(dateGroup(at(2025, 3, 18, 9, 0), now), 'Older', 'same month, last year');
  });

  it('counts days across a daylight-saving change by the calendar, not by 24-hour blocks', () => {
    // Whatever the machine's zone, a 23- or 25-hour day must not shift a group.
    const monday = at(2026, 3, 30, 1, 0);
    assert.equal(dateGroup(at(2026, 3, 29, 1, 0), monday), 'Yesterday');
    assert.equal(dateGroup(at(2026, 3, 28, 23, 30), monday), 'This week');
  });

  it('groups in order, newest first within a group, and leaves empty groups out', () => {
    const items = [
      { id: 'old', updatedAt: at(2025, 12, 1) },
      { id: 'today-early', updatedAt: at(2026, 3, 18, 7) },
      { id: 'today-late', updatedAt: at(2026, 3, 18, 9) },
      { id: 'week', updatedAt: at(2026, 3, 14) },
    ];
    const groups = groupByDate(items, now);
    assert.deepEqual(
      groups.map((g) => [g.group, g.items.map((i) => i.id)]),
      [
        ['Today', ['today-late', 'today-early']],
        ['This week', ['week']],
        ['Older', ['old']],
      ],
    );
  });
});
