/**
 * A strict RFC 4180 reader for tests of the CSV exports: quoted cells (quotes doubled inside, commas
 * and line breaks kept), CRLF records. It throws on what a lenient reader would guess at (a quote
 * inside an unquoted cell, text after a closing quote, an unclosed quote, a bare LF record end),
 * so a test reading a file back also checks that it was written right.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fail = (why: string) => {
    throw new Error(`CSV: ${why} at offset ${i}`);
  };
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) fail('unclosed quote');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i++];
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') fail('text after a closing quote');
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') fail('a quote inside an unquoted cell');
        cell += text[i++];
      }
      if (text[i] === '\n') fail('a record ended by LF alone');
    }
    record.push(cell);
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === '\r') {
      if (text[i + 1] !== '\n') fail('CR without LF');
      i += 2;
    }
    records.push(record);
    record = [];
  }
  return records;
}

/** The records as objects keyed by the header row's names; every record must have the header's width. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('CSV: no header row');
  return rows.map((row, n) => {
    if (row.length !== header.length)
      throw new Error(`CSV: record ${n + 2} has ${row.length} cells, not ${header.length}`);
    return Object.fromEntries(header.map((name, i) => [name, row[i] as string]));
  });
}
