/**
 * Checksums (of the whole file, the first runner's format) of earlier texts of migrations whose
 * comments were reworded after they were applied: the project-tracker references were taken out
 * of their header comments, and nothing else changed. A database migrated before that recorded
 * these values; the runner accepts them and from then on checks the statements only. Add an entry
 * here only for a change that `migrationStatements` shows leaves the statements as they were.
 */
export const REWORDED_MIGRATIONS: Readonly<Record<string, readonly string[]>> = {
  '20261121113000_identity_sign_in_and_billing.sql': [
    '025ff8a7f91fdb59f415968280df84d57b4edd5b2ef68f0ead474d6e483f4923',
  ],
  '20261121114000_credentials.sql': ['361aaf5034c9ec89690bb136b5ff58a418c434a9c656f1c4437f41504c85e91d'],
  '20261121115000_team_invites.sql': ['8ef7b564d46c1812e3b22bafbfaee4950113e6d85d489edbd4c5b59a0ac02488'],
  '20261121116000_splits.sql': ['1ff01ea019cb724753c7d53f192a20b7551ad75043b5a1f5d77bc2437efa1c3e'],
  '20261121118000_checkout_sessions.sql': ['9cb0045599018695e22c680089712ace82bc0f37beb628889617e52b4621d37b'],
  '20261121119000_janitor_findings.sql': ['8bb7d373fce0ce68d37df574f7a7e6e74feca4916e28800d3650d3709be5122d'],
  '20261121121000_refunds.sql': ['2f0a521e130d76067cd4a665d45d7f7441eaef774da7a6c3f210f75b732cc534'],
};
