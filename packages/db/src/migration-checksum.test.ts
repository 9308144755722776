import { migrationStatements, statementsChecksum } from './migration-checksum';

describe('migrationStatements', () => {
  it('drops comments and collapses whitespace outside quotes', () => {
    const sql = [
      '-- A header that names the tables.',
      'CREATE TABLE a (',
      '  id int, -- the key',
      '  /* a /* nested */ block */ name   text',
      ');',
    ].join('\n');
    expect(migrationStatements(sql)).toBe('CREATE TABLE a ( id int, name text );');
  });

  it('keeps quoted strings, quoted identifiers and dollar-quoted bodies byte for byte', () => {
    const sql = `SELECT 'it''s -- kept', "odd  -- name", $$ body -- kept $$, $fn$ /* kept */ $fn$;`;
    expect(migrationStatements(sql)).toBe(sql);
  });

  it('gives rewording a comment the same checksum, and changing a statement another', () => {
    const before = '-- Splits (first wording).\nCREATE TABLE s (id int);\n';
    expect(statementsChecksum('-- Splits.\n\nCREATE TABLE s (id int);')).toBe(statementsChecksum(before));
    expect(statementsChecksum('-- Splits.\nCREATE TABLE s (id bigint);')).not.toBe(statementsChecksum(before));
  });
});
