#!/bin/sh
# Temporal's persistence and visibility schemas on Postgres, the way Temporal's own compose set-up
# does it: temporal-sql-tool from the admin-tools image, run once before the server starts (the
# auto-setup image that used to do this at server start is meant for development only).
# Safe to run again: the databases are created only when missing and update-schema applies only
# the versions a database does not have yet.
set -eu

: "${POSTGRES_SEEDS:?set POSTGRES_SEEDS}"
: "${POSTGRES_USER:?set POSTGRES_USER}"
: "${SQL_PASSWORD:?set SQL_PASSWORD}"
PORT="${DB_PORT:-5432}"
SCHEMA_DIR=/etc/temporal/schema/postgresql/v12

sql_tool() {
  temporal-sql-tool --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "$PORT" -u "$POSTGRES_USER" "$@"
}

for database in temporal temporal_visibility; do
  if [ "$database" = temporal ]; then versions="$SCHEMA_DIR/temporal/versioned"; else versions="$SCHEMA_DIR/visibility/versioned"; fi
  # `create` fails when the database exists, which it does on every run after the first.
  sql_tool --db "$database" create || echo "database $database already exists"
  sql_tool --db "$database" setup-schema -v 0.0
  sql_tool --db "$database" update-schema -d "$versions"
done
echo 'Temporal schemas are up to date'
