import { useState } from 'preact/hooks';
import { type ExportFile, fetchExport, saveFile } from '../api/exports';
import { useBusiness } from '../business';
import { BusyButton } from '../components/busy-button';
import { Banner, ErrorNote, Refusal } from '../components/feedback';
import { Field, Form } from '../components/form';
import { PageHeader, Section } from '../components/page';
import { useAction } from '../hooks';
import { useSession } from '../session';

/** Today as a UK calendar day (YYYY-MM-DD): the exports' periods are UK days (docs/exports.md). */
const ukToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

const FILES: { file: ExportFile; label: string; what: string }[] = [
  {
    file: 'orders',
    label: 'Export orders',
    what: "One row per participant's share of each order created in the period.",
  },
  {
    file: 'refunds',
    label: 'Export refunds',
    what: "One row per participant's part of each refund asked for in the period.",
  },
];

/** The finance exports: a period of UK days, then one button per file; each downloads a CSV. */
export function ExportsPage() {
  const { can } = useBusiness();
  const { mode } = useSession();
  const today = ukToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const download = useAction(async (file: ExportFile) => {
    const { blob, name } = await fetchExport(file, { from, to });
    saveFile(blob, name);
    return name;
  });
  const may = can('split.export');
  const backwards = from !== '' && to !== '' && to < from;
  return (
    <>
      <PageHeader
        title="Exports"
        description={`CSV files of your ${mode}-mode orders and refunds for your accounts. Amounts are in pounds; each time is given in UK time and as an exact timestamp.`}
      />
      <Section title="Finance export">
        {may.allowed ? (
          <Form class="stack" noValidate>
            <div class="inline-form">
              <Field id="export-from" label="From (UK date)">
                <input
                  id="export-from"
                  type="date"
                  value={from}
                  max={to || undefined}
                  onInput={(e) => setFrom((e.currentTarget as HTMLInputElement).value)}
                />
              </Field>
              <Field
                id="export-to"
                label="To (UK date, included)"
                error={backwards ? 'Choose a day on or after From.' : null}
              >
                <input
                  id="export-to"
                  type="date"
                  value={to}
                  min={from || undefined}
                  aria-invalid={backwards}
                  aria-describedby={backwards ? 'export-to-error' : undefined}
                  onInput={(e) => setTo((e.currentTarget as HTMLInputElement).value)}
                />
              </Field>
            </div>
            <ul class="plain-list stack">
              {FILES.map(({ file, label, what }) => (
                <li key={file}>
                  <BusyButton
                    busy={download.busy}
                    disabled={backwards || !from || !to}
                    onClick={() => download.run(file)}
                  >
                    {label}
                  </BusyButton>{' '}
                  <span class="muted">{what}</span>
                </li>
              ))}
            </ul>
            <ErrorNote error={download.error} />
            {download.busy && (
              <p class="loading" role="status">
                <span class="spinner" aria-hidden="true" />
                Preparing the file…
              </p>
            )}
            {!download.busy && download.result && (
              <Banner kind="success" title="Downloaded">
                {download.result}
              </Banner>
            )}
          </Form>
        ) : (
          <Refusal reason={may.reason} />
        )}
      </Section>
    </>
  );
}
