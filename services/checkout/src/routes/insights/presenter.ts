import { formatPounds, type SplitInsights } from '@groupsplit/shared';

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
const wholeOrNull = (value: number | null) => (value === null ? null : Math.round(value));

/** The API's shape of the figures: snake_case, ratios to four places, pence to pounds only here. */
export function presentInsights(figures: SplitInsights, scope: { mode: 'test' | 'live'; from: Date; to: Date }) {
  const { started, invited } = figures;
  return {
    mode: scope.mode,
    from: scope.from.toISOString(),
    to: scope.to.toISOString(),
    groups: {
      started,
      finished: figures.finished,
      open: figures.open,
      expired: figures.expired,
      cancelled: figures.cancelled,
      failed: figures.failed,
      finished_share: started === 0 ? null : round(figures.finished / started, 4),
    },
    time_to_paid: {
      median_seconds: wholeOrNull(figures.medianSecondsToPaid),
      p90_seconds: wholeOrNull(figures.p90SecondsToPaid),
    },
    drop_off: {
      invited,
      opened: figures.opened,
      held: figures.held,
      unfinished: {
        groups: figures.unfinishedGroups,
        invited: figures.unfinishedInvited,
        opened: figures.unfinishedOpened,
        held: figures.unfinishedHeld,
      },
    },
    reminders: {
      sent: figures.remindersSent,
      people_reminded: figures.peopleReminded,
      held_after_reminder: figures.heldAfterReminder,
    },
    average_group_size: started === 0 ? null : round(invited / started, 2),
    average_share: figures.averageSharePence === null ? null : formatPounds(Math.round(figures.averageSharePence)),
  };
}
