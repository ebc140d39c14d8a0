/** How plans read on screen: their card and their status. */

export type PlanStatus = 'Completed' | 'In Progress' | 'Not Started';

/** Exactly 100 is 'Completed'; above 0 is 'In Progress'; otherwise 'Not Started'. */
export function planStatus(completionPercentage: number): PlanStatus {
  if (completionPercentage === 100) return 'Completed';
  return completionPercentage > 0 ? 'In Progress' : 'Not Started';
}

export const formatDays = (days: number) => (days === 1 ? '1 day' : `${days} days`);

export const formatTopicCount = (count: number) => (count === 1 ? '1 topic' : `${count} topics`);

/** A calendar date 'YYYY-MM-DD' as the reader's locale writes it, without moving it across time zones. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** docs/features.md, "Plan templates": how many plans are copies of this one. */
export const formatTemplateUses = (count: number) =>
  count === 1 ? 'Used as a template once' : `Used as a template ${count} times`;
