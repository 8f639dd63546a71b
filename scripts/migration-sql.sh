#!/usr/bin/env bash
# The SQL of a new migration, without Prisma's native schema engine (see
# docs/decisions/0004-migrations-at-start-up.md).
#
# Prisma 7's CLI needs a native schema engine for every migrate command, and that binary is
# downloaded from outside the npm registry. Prisma 6.19's CLI can run `migrate diff` on its
# WebAssembly engine instead, with an in-memory PGlite as the driver adapter. This script
# installs that toolchain once (from npm) into a cache folder outside the project and diffs two
# schema files.
#
# Usage:
#   bash scripts/migration-sql.sh --from-empty prisma/schema.prisma      # prints the SQL
#   bash scripts/migration-sql.sh OLD.prisma NEW.prisma                  # prints the SQL
#   bash scripts/migration-sql.sh --new <name>    (npm run migration:new -- <name>)
#     diffs the committed schema (git HEAD) against prisma/schema.prisma and writes
#     prisma/migrations/<UTC timestamp>_<name>/migration.sql
# Review the SQL before committing it; the app applies it at its next start.
#
# env: MIGRATION_SQL_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/tour-booking-migration-sql)
set -euo pipefail

usage() { sed -n '11,19p' "$0" >&2; exit 2; }
[ $# -eq 2 ] || usage

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TOOLCHAIN="prisma@6.19.3 pglite-prisma-adapter@0.6.1 @electric-sql/pglite@0.3.15"
CACHE=${MIGRATION_SQL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tour-booking-migration-sql}

if [ "$1" = --new ]; then
  name=$2
  [[ $name =~ ^[a-z0-9_]+$ ]] || { echo "migration-sql: the name is lower-case letters, digits and _ (e.g. add_departures)" >&2; exit 2; }
  old=$(mktemp)
  trap 'rm -f "$old"' EXIT
  git -C "$ROOT" show HEAD:prisma/schema.prisma >"$old"
  if cmp -s "$old" "$ROOT/prisma/schema.prisma"; then
    echo "migration-sql: prisma/schema.prisma is the committed one; edit it first" >&2
    exit 1
  fi
  dir="$ROOT/prisma/migrations/$(date -u +%Y%m%d%H%M%S)_$name"
  sql=$(bash "$0" "$old" "$ROOT/prisma/schema.prisma")
  [ -n "$(echo "$sql" | grep -v '^\s*$' | grep -v '^--')" ] || { echo "migration-sql: the schemas need no SQL" >&2; exit 1; }
  mkdir -p "$dir"
  printf '%s\n' "$sql" >"$dir/migration.sql"
  echo "wrote ${dir#"$ROOT/"}/migration.sql: review it before committing" >&2
  exit 0
fi

# Absolute paths: the diff runs inside the cache folder.
abs() { [ -f "$1" ] || [ -p "$1" ] || { echo "migration-sql: no schema file $1" >&2; exit 2; }; echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
to_file=$(abs "$2")
[ "$1" = --from-empty ] || from_file=$(abs "$1")

mkdir -p "$CACHE"
if [ "$(cat "$CACHE/toolchain" 2>/dev/null)" != "$TOOLCHAIN" ]; then
  echo "migration-sql: installing $TOOLCHAIN into $CACHE (once)" >&2
  echo '{"name":"tour-booking-migration-sql","private":true}' >"$CACHE/package.json"
  # No install scripts: they would fetch native engines, which the WebAssembly engine makes unneeded.
  # shellcheck disable=SC2086 # the list is meant to split
  (cd "$CACHE" && npm install --no-audit --no-fund --silent --ignore-scripts --save-exact $TOOLCHAIN >&2)
  echo "$TOOLCHAIN" >"$CACHE/toolchain"
fi

# Prisma 6 wants a datasource url, and engineType "client" to stay off native engines.
cat >"$CACHE/dummy.prisma" <<'EOF'
generator client {
  provider   = "prisma-client"
  output     = "./unused"
  engineType = "client"
}
datasource db {
  provider = "postgresql"
  url      = "postgresql://unused"
}
EOF
cat >"$CACHE/prisma.config.ts" <<'EOF'
import { defineConfig } from "prisma/config";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPGlite(new PGlite()),
  schema: "dummy.prisma",
});
EOF

# A copy of a schema whose postgresql datasource gets the placeholder url Prisma 6 requires.
prep() { sed '/provider *= *"postgresql"/a\  url = "postgresql://unused"' "$1" >"$2"; }

prep "$to_file" "$CACHE/to.prisma"
if [ "$1" = --from-empty ]; then
  from=(--from-empty)
else
  prep "$from_file" "$CACHE/from.prisma"
  from=(--from-schema-datamodel "$CACHE/from.prisma")
fi

cd "$CACHE"
# The wasm engine leaves timers running: the command lingers some seconds after printing.
PRISMA_HIDE_UPDATE_MESSAGE=1 ./node_modules/.bin/prisma migrate diff "${from[@]}" --to-schema-datamodel to.prisma --script \
  | grep -v '^CREATE SCHEMA IF NOT EXISTS "public";$'
