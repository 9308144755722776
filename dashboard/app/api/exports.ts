import { client, unwrap } from './client';

export type ExportFile = 'orders' | 'refunds';
export type ExportPeriod = { from: string; to: string };

/** The file name the service gave (Content-Disposition), else a plain one. */
function fileName(response: Response, file: ExportFile): string {
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return given ?? `groupsplit-${file}.csv`;
}

/**
 * A finance export (docs/exports.md) of the session's business and mode, as a file to save. The access
 * token lives in memory, so a plain link could not carry it: the CSV is fetched with it and handed to the
 * browser as a Blob.
 */
export async function fetchExport(file: ExportFile, period: ExportPeriod): Promise<{ blob: Blob; name: string }> {
  const options = { params: { query: period }, parseAs: 'blob' as const };
  const call =
    file === 'orders'
      ? client.GET('/api/merchants/exports/orders.csv', options)
      : client.GET('/api/merchants/exports/refunds.csv', options);
  let name = `groupsplit-${file}.csv`;
  const blob = await unwrap(
    call.then((result) => {
      name = fileName(result.response, file);
      return result;
    }),
  );
  return { blob: blob as Blob, name };
}

/** Saves the Blob under `name` through a temporary download link. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has surely read it: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
