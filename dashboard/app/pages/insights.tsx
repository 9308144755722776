import { useState } from 'preact/hooks';
import { api, type Insights } from '../api';
import { BarChart } from '../components/chart';
import { Banner, Loadable } from '../components/feedback';
import { Field, Form, Options } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { KeyValues } from '../components/table';
import { money } from '../format';
import { useQuery } from '../hooks';
import {
  duration,
  type Period,
  PRESET_DAYS,
  percent,
  periodFrom,
  periodLabel,
  periodSearch,
  periodWords,
  plural,
} from '../insights/period';
import { navigate, usePlace } from '../router';
import { PAGES } from '../routes';
import { useSession } from '../session';

const CUSTOM = 'custom';

/** The period picker: a preset changes the address at once; custom dates on "Show". */
function PeriodPicker(props: { period: Period }) {
  const { period } = props;
  const [choice, setChoice] = useState(period.kind === 'preset' ? String(period.days) : CUSTOM);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const go = (search: string) => navigate(`${PAGES.insights}${search}`);
  return (
    <Form
      class="inline-form toolbar"
      onSubmit={() => {
        if (from && to) go(periodSearch(from <= to ? { from, to } : { from: to, to: from }));
      }}
    >
      <Field id="insights-period" label="Period">
        <select
          id="insights-period"
          value={choice}
          onChange={(event) => {
            const value = (event.currentTarget as HTMLSelectElement).value;
            setChoice(value);
            if (value !== CUSTOM) go(periodSearch({ days: Number(value) }));
          }}
        >
          <Options values={PRESET_DAYS} label={(days) => `Last ${days} days`} />
          <option value={CUSTOM}>Choose dates</option>
        </select>
      </Field>
      {choice === CUSTOM && (
        <>
          <Field id="insights-from" label="From">
            <input
              id="insights-from"
              type="date"
              value={from}
              required
              onInput={(e) => setFrom(e.currentTarget.value)}
            />
          </Field>
          <Field id="insights-to" label="To">
            <input id="insights-to" type="date" value={to} required onInput={(e) => setTo(e.currentTarget.value)} />
          </Field>
          <button type="submit" class="button button-primary">
            Show
          </button>
        </>
      )}
    </Form>
  );
}

function Figures(props: { data: Insights }) {
  const { groups, time_to_paid: time } = props.data;
  return (
    <Section title="At a glance">
      <KeyValues
        rows={[
          ['Groups started', String(groups.started)],
          ['Finished (everyone paid)', groups.started ? `${groups.finished} (${percent(groups.finished_share)})` : '—'],
          ['Median time to fully paid', duration(time.median_seconds)],
          ['90% were fully paid within', duration(time.p90_seconds)],
          [
            'Average group size',
            props.data.average_group_size === null ? '—' : plural(props.data.average_group_size, 'person', 'people'),
          ],
          ['Average share', money(props.data.average_share)],
        ]}
      />
    </Section>
  );
}

function Outcomes(props: { data: Insights }) {
  const g = props.data.groups;
  const summary =
    `Of ${plural(g.started, 'group')} started, ${g.finished} finished (${percent(g.finished_share)}), ` +
    `${g.expired} expired, ${g.cancelled} ${g.cancelled === 1 ? 'was' : 'were'} cancelled, ${g.open} ${g.open === 1 ? 'is' : 'are'} still open and ${g.failed} failed.`;
  return (
    <Section title="How groups ended">
      <BarChart
        title="How groups ended"
        summary={summary}
        rowLabel="Outcome"
        series={['Groups']}
        rows={[
          { label: 'Finished', values: [g.finished] },
          { label: 'Still open', values: [g.open] },
          { label: 'Expired', values: [g.expired] },
          { label: 'Cancelled', values: [g.cancelled] },
          { label: 'Failed', values: [g.failed] },
        ]}
      />
    </Section>
  );
}

function DropOff(props: { data: Insights }) {
  const d = props.data.drop_off;
  const u = d.unfinished;
  const summary =
    `${d.opened} of ${plural(d.invited, 'person', 'people')} invited opened their pay page and ${d.held} held their ` +
    `share; in the ${plural(u.groups, 'group')} that expired or ${u.groups === 1 ? 'was' : 'were'} cancelled, ` +
    `${u.invited - u.held} of ${u.invited} never held theirs.`;
  return (
    <Section title="Where people dropped off">
      <BarChart
        title="Where people dropped off"
        summary={summary}
        rowLabel="Step"
        series={['All groups', 'Unfinished groups']}
        rows={[
          { label: 'Invited', values: [d.invited, u.invited] },
          { label: 'Opened the pay page', values: [d.opened, u.opened] },
          { label: 'Held their share', values: [d.held, u.held] },
        ]}
      />
    </Section>
  );
}

function Reminders(props: { data: Insights }) {
  const r = props.data.reminders;
  const summary =
    r.sent === 0
      ? 'No reminders were sent for these groups.'
      : `${plural(r.sent, 'reminder')} went to ${plural(r.people_reminded, 'person', 'people')}, and ${r.held_after_reminder} of them held their share afterwards.`;
  return (
    <Section title="Reminders">
      <BarChart
        title="Reminders"
        summary={summary}
        rowLabel="Reminders"
        series={['Count']}
        rows={[
          { label: 'Reminders sent', values: [r.sent] },
          { label: 'People reminded', values: [r.people_reminded] },
          { label: 'Held after a reminder', values: [r.held_after_reminder] },
        ]}
      />
    </Section>
  );
}

/** Insights (docs/dashboard.md, "Insights"): how group checkout did over a period, in the current mode. */
export function InsightsPage() {
  const { search } = usePlace();
  const { mode } = useSession();
  const period = periodFrom(search);
  const query = useQuery(() => api.insights(period.from, period.to), [period.from, period.to]);
  const label = periodLabel(period);
  return (
    <>
      <PageHeader
        title="Insights"
        description={`How group checkout did for the orders created ${periodWords(period)}, in ${mode} mode.`}
      />
      <PeriodPicker key={search.toString()} period={period} />
      <Loadable query={query} what="insights">
        {(data) => (
          <>
            {data.groups.started === 0 && (
              <Banner kind="info" title="No orders in this period">
                No group checkout was started in this period ({label}) in {mode} mode. Choose a longer period, or switch
                mode.
              </Banner>
            )}
            <Figures data={data} />
            {data.groups.started > 0 && (
              <>
                <Outcomes data={data} />
                <DropOff data={data} />
                <Reminders data={data} />
                <p class="muted">
                  Times run from the order's creation to the last share's capture. A pay page counts as opened the first
                  time its link is used.
                </p>
              </>
            )}
          </>
        )}
      </Loadable>
    </>
  );
}
