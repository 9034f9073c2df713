/** The history list's date groups, by the local calendar: Today, Yesterday, This week, This month, Older. */

export type DateGroup = 'Today' | 'Yesterday' | 'This week' | 'This month' | 'Older';

const ORDER: readonly DateGroup[] = ['Today', 'Yesterday', 'This week', 'This month', 'Older'];

/** Which group a time falls in, seen from `now` (both epoch ms, local time). "This week" is the 7 days before today. */
export function dateGroup(at: number, now: number): DateGroup {
  const today = startOfDay(now);
  const day = startOfDay(at);
  if (day >= today) return 'Today'; // a clock a little ahead still counts as today
  const daysAgo = Math.round((today - day) / 86_400_000); // rounded: a DST day is 23 or 25 hours
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo < 7) return 'This week';
  const n = new Date(now);
  const d = new Date(at);
  return d.getFullYear() === n.getFullYear() && d.getMonth() === n.getMonth() ? 'This month' : 'Older';
}

/** Items grouped by date, groups in order, each group newest first; empty groups are left out. */
export function groupByDate<T extends { readonly updatedAt: number }>(
  items: readonly T[],
  now: number,
): { readonly group: DateGroup; readonly items: readonly T[] }[] {
  const by = new Map<DateGroup, T[]>();
  for (const item of items) {
    const g = dateGroup(item.updatedAt, now);
    let list = by.get(g);
    if (!list) by.set(g, (list = []));
    list.push(item);
  }
  return ORDER.filter((g) => by.has(g)).map((group) => ({
    group,
    items: by.get(group)!.sort((a, b) => b.updatedAt - a.updatedAt),
  }));
}

function startOfDay(at: number): number {
  const d = new Date(at);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}
