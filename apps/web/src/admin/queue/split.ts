// The queue as two tabs: "Prüfen", new items staff have to look at (held, waiting,
// visitors' monuments not yet confirmed), and "Meldungen", items citizens reported or reports hid.
import type { StaffQueue } from '@linz/contract';

export type QueueTab = 'review' | 'reports';

const tabOf = (item: { reports: readonly unknown[]; moderation: string }): QueueTab =>
  item.reports.length > 0 || item.moderation === 'hidden' ? 'reports' : 'review';

/** Hidden items first (docs/staff.md: reports took them down, staff decide first), else the server's order (a stable sort). */
const hiddenFirst = <T extends { moderation: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => Number(b.moderation === 'hidden') - Number(a.moderation === 'hidden'));

export function queueTab(queue: StaffQueue, tab: QueueTab): StaffQueue {
  return {
    monuments: hiddenFirst(queue.monuments.filter((m) => tabOf(m) === tab)),
    proposals: hiddenFirst(queue.proposals.filter((i) => tabOf(i) === tab)),
  };
}

export const queueCount = (queue: StaffQueue, tab: QueueTab) => {
  const items = queueTab(queue, tab);
  return items.monuments.length + items.proposals.length;
};
