// The queue as two tabs: "Prüfen", new items staff have to look at (held, waiting,
// visitors' monuments not yet confirmed), and "Meldungen", items citizens reported or reports hid.
import type { StaffQueue } from '@linz/contract';

export type QueueTab = 'review' | 'reports';

const tabOf = (item: { reports: readonly unknown[]; moderation: string }): QueueTab =>
  item.reports.length > 0 || item.moderation === 'hidden' ? 'reports' : 'review';

export function queueTab(queue: StaffQueue, tab: QueueTab): StaffQueue {
  return {
    monuments: queue.monuments.filter((m) => tabOf(m) === tab),
    interventions: queue.interventions.filter((i) => tabOf(i) === tab),
  };
}

export const queueCount = (queue: StaffQueue, tab: QueueTab) => {
  const items = queueTab(queue, tab);
  return items.monuments.length + items.interventions.length;
};
