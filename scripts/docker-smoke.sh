#!/usr/bin/env bash
# CI: build the Docker image and smoke-test it (docs/deployment.md).
#
# There is no Docker engine on our CI machines: CI's machine tool (not part of this repository;
# ../shared/tools/docker-smoke.sh beside the clone, SMOKE_TOOL overrides it) builds the Dockerfile with buildah
# against a local stand-in of the Node base image, made from the `node` on PATH, and runs the
# image with podman, checking one URL per call and that the container does not run as root.
# Without that tool this script fails in CI (CI=true) and, elsewhere, says what it needs and
# exits 0.
#
# Checks:
#   1. embedded database (no DATABASE_URL, data in the /data volume): GET / shows the site
#   2. embedded database: GET /healthz answers
#   3. the PostgreSQL server on this machine (a database created for the run, dropped after):
#      GET /readyz answers 200 (connected, migrations applied by the container at start-up)
#   4. our own checks with podman on the built image: runs as `node`, HEALTHCHECK declared and
#      passing, X-Request-Id header, JSON request logs, SIGTERM stops it cleanly, the data volume
#      survives a restart.
# The first call builds the image; buildah's layer cache (BUILDAH_LAYERS) makes the next ones
# reuse it.
#
# env: SMOKE_TOOL (default: CI's machine tool ../shared/tools/docker-smoke.sh), SMOKE_PG_URL (server to create the
#      test database on, default postgresql://postgres@127.0.0.1:5432/postgres),
#      SMOKE_SKIP_POSTGRES=1 (skip check 3), SMOKE_SKIP_EXTRA=1 (skip check 4).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

TOOL=${SMOKE_TOOL:-$ROOT/../shared/tools/docker-smoke.sh}
if [ ! -f "$TOOL" ]; then
  if [ "${CI:-}" = true ]; then
    echo "docker-smoke: FAIL: the image build tool $TOOL is missing (set SMOKE_TOOL to a script that builds and runs the Dockerfile)" >&2
    exit 1
  fi
  echo "docker-smoke: SKIPPED: $TOOL not found. It needs a script that builds the Dockerfile with buildah"
  echo "  and runs it with podman (SMOKE_TOOL=path), or a Docker engine: docker build -t tour-booking ."
  exit 0
fi

started=$SECONDS
step() { printf '== docker-smoke [%4ds] %s\n' $((SECONDS - started)) "$*"; }

# Same image store for the tool's calls and our own podman commands; one per Node major version,
# since the tool's stand-in base image is made from the `node` on PATH and then kept in WORK.
NODE_MAJOR=$(node -p 'process.versions.node.split(".")[0]')
export WORK=${WORK:-/tmp/docker-smoke-node$NODE_MAJOR}
if [ -z "${STORAGE_DRIVER:-}" ]; then
  if grep -qw overlay /proc/filesystems; then STORAGE_DRIVER=overlay; else STORAGE_DRIVER=vfs; fi
fi
export STORAGE_DRIVER
# Reuse layers between calls; docker format so that HEALTHCHECK is kept (OCI has no such field).
export BUILDAH_LAYERS=true BUILDAH_FORMAT=docker
export APP_DIR=$ROOT
IMAGE=localhost/app-under-test:ci

PODMAN_STORE=(--root "$WORK/storage-$STORAGE_DRIVER" --runroot "$WORK/runroot-$STORAGE_DRIVER" --storage-driver "$STORAGE_DRIVER")
# The tool's containers leave their anonymous /data volumes behind: remove the ones this run adds.
volumes_before=$(podman "${PODMAN_STORE[@]}" volume ls -q 2>/dev/null | sort || true)
remove_new_volumes() {
  command -v podman >/dev/null || return 0
  comm -13 <(echo "$volumes_before") <(podman "${PODMAN_STORE[@]}" volume ls -q --filter dangling=true 2>/dev/null | sort) |
    xargs -r podman "${PODMAN_STORE[@]}" volume rm -f >/dev/null 2>&1 || true
}

free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

smoke() { # label, then VAR=value settings for the tool
  local label=$1; shift
  step "$label"
  env "$@" bash "$TOOL"
}

# ---------------------------------------------------------------- 1, 2: embedded database
smoke "embedded database: GET / (builds the image)" \
  HOST_PORT="$(free_port)" SMOKE_PATH=/ SMOKE_EXPECT="Tour Booking"
smoke "embedded database: GET /healthz" \
  HOST_PORT="$(free_port)" SMOKE_PATH=/healthz SMOKE_EXPECT='"status":"ok"'

# ---------------------------------------------------------------- 3: PostgreSQL server
if [ -n "${SMOKE_SKIP_POSTGRES:-}" ]; then
  step "PostgreSQL: SKIPPED (SMOKE_SKIP_POSTGRES set)"
else
  PG_URL=${SMOKE_PG_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
  DB=docker_smoke_$$
  psql "$PG_URL" -v ON_ERROR_STOP=1 -qc "CREATE DATABASE $DB"
  drop_db() { psql "$PG_URL" -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >/dev/null 2>&1 || true; }
  trap 'drop_db; remove_new_volumes' EXIT
  APP_PG_URL="${PG_URL%/*}/$DB"
  PG_PORT=$(free_port)
  # Host network: the container reaches the server on the loopback and listens on PORT there.
  smoke "PostgreSQL server: GET /readyz" \
    NETWORK_HOST=1 CONTAINER_PORT="$PG_PORT" SMOKE_PATH=/readyz SMOKE_EXPECT='"status":"ready"' \
    CONTAINER_ENV="DATABASE_URL=$APP_PG_URL SESSION_SECRET=smoke-$RANDOM$RANDOM$RANDOM PUBLIC_URL=http://localhost:$PG_PORT PORT=$PG_PORT SEED_DEMO_DATA=true"
  applied=$(psql "$APP_PG_URL" -Atc 'SELECT count(*) FROM "_prisma_migrations" WHERE finished_at IS NOT NULL')
  expected=$(find prisma/migrations -name migration.sql | wc -l)
  [ "$applied" = "$expected" ] || { step "FAIL: $applied of $expected migrations recorded in PostgreSQL"; exit 1; }
  step "PostgreSQL: $applied migrations recorded in _prisma_migrations"
  drop_db
fi

# ---------------------------------------------------------------- 4: our own checks
if ! command -v podman >/dev/null && [ "${CI:-}" = true ]; then
  step "FAIL: podman is missing, the image cannot be checked"
  exit 1
fi
if [ -n "${SMOKE_SKIP_EXTRA:-}" ] || ! command -v podman >/dev/null; then
  step "extra checks: SKIPPED ($([ -n "${SMOKE_SKIP_EXTRA:-}" ] && echo "SMOKE_SKIP_EXTRA set" || echo "no podman"))"
  remove_new_volumes
  step "PASS in $((SECONDS - started))s"
  exit 0
fi
PM=(podman "${PODMAN_STORE[@]}" --runtime runc --cgroup-manager cgroupfs --events-backend file)
CNAME=tour-booking-smoke-$$
VOL=tour-booking-smoke-$$
fail() { step "FAIL: $*"; "${PM[@]}" logs "$CNAME" 2>&1 | tail -30 || true; exit 1; }
cleanup() {
  "${PM[@]}" rm -f -t 5 "$CNAME" >/dev/null 2>&1 || true
  "${PM[@]}" volume rm -f "$VOL" >/dev/null 2>&1 || true
  remove_new_volumes
}
trap cleanup EXIT

step "image configuration"
cfg() { "${PM[@]}" image inspect --format "$1" "$IMAGE"; }
[ "$(cfg '{{.Config.User}}')" = node ] || fail "image USER is '$(cfg '{{.Config.User}}')', expected node"
cfg '{{json .Config.Env}}' | grep -q '"NODE_ENV=production"' || fail "NODE_ENV=production not set"
cfg '{{json .Config.Env}}' | grep -q '"DATA_DIR=/data"' || fail "DATA_DIR=/data not set"
cfg '{{json .Config.Volumes}}' | grep -q '"/data"' || fail "no VOLUME /data"
cfg '{{json .Config.ExposedPorts}}' | grep -q '3000/tcp' || fail "port 3000 not exposed"
cfg '{{json .Config.Healthcheck}}' | grep -q healthz || fail "no HEALTHCHECK on /healthz"
step "image size: $("${PM[@]}" image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}')"

run_container() {
  "${PM[@]}" run -d --name "$CNAME" --pull=never --health-interval=disable -v "$VOL:/data" -p "127.0.0.1:$PORT_X:3000" \
    --ulimit nofile="$(ulimit -Sn):$(ulimit -Hn)" --ulimit nproc=4096:4096 "$IMAGE" >/dev/null
  for _ in $(seq 1 120); do
    curl -fsS -m 2 -o /dev/null "http://127.0.0.1:$PORT_X/readyz" 2>/dev/null && return 0
    sleep 0.5
  done
  fail "container did not become ready"
}

PORT_X=$(free_port)
step "run with a named volume on port $PORT_X"
run_container
[ "$("${PM[@]}" exec "$CNAME" id -un)" = node ] || fail "container user is not node"
container_node=$("${PM[@]}" exec "$CNAME" node --version)
case "$container_node" in v22.* | v24.*) step "container runs Node $container_node" ;; *) fail "container runs Node $container_node, not a supported LTS (22 or 24)" ;; esac
"${PM[@]}" exec "$CNAME" sh -c 'touch /app/package.json' 2>/dev/null && fail "application files are writable by the app user"
"${PM[@]}" exec "$CNAME" test -f /data/session-secret || fail "no generated session secret in /data"
"${PM[@]}" exec "$CNAME" test -e node_modules/@prisma/client/runtime || fail "@prisma/client runtime missing"
"${PM[@]}" exec "$CNAME" test ! -e node_modules/@remix-run/dev || fail "dev dependencies left in the image"
"${PM[@]}" exec "$CNAME" test -e scripts/admin.mjs || fail "scripts/admin.mjs (the administrator command) missing"
# No demo administrator in the image: a random password, printed once (docs/operations.md).
# Read whole before grep: grep -q stops at the first match and, under pipefail, the cut-off logs
# command would fail the check.
container_log=$("${PM[@]}" logs "$CNAME" 2>&1)
grep -q 'first administrator created: .* with the random password' <<<"$container_log" ||
  fail "no random password for the first administrator in the log"
"${PM[@]}" exec "$CNAME" test ! -e node_modules/prisma || fail "the Prisma CLI is left in the image"
headers=$(curl -fsS -m 5 -D - -o /dev/null -H 'X-Request-Id: smoke-request-1' "http://127.0.0.1:$PORT_X/healthz")
grep -qi '^x-request-id: smoke-request-1' <<<"$headers" || fail "X-Request-Id not echoed"
grep -qi '^cache-control: no-store' <<<"$headers" || fail "/healthz is cacheable"
curl -fsS -m 5 -o /dev/null "http://127.0.0.1:$PORT_X/services" || fail "GET /services"
"${PM[@]}" healthcheck run "$CNAME" >/dev/null || fail "HEALTHCHECK command failed"
step "HEALTHCHECK passes"
"${PM[@]}" logs "$CNAME" 2>&1 | grep -F '"requestId":"smoke-request-1"' | grep -q '"msg":"request"' \
  || fail "no JSON request log line"
step "JSON request log: $("${PM[@]}" logs "$CNAME" 2>&1 | grep -F smoke-request-1 | head -n 1)"

step "SIGTERM"
"${PM[@]}" stop -t 25 "$CNAME" >/dev/null
code=$("${PM[@]}" inspect --format '{{.State.ExitCode}}' "$CNAME")
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
"${PM[@]}" logs "$CNAME" 2>&1 | grep -q 'SIGTERM: finishing requests in flight' || fail "no shutdown log line"
"${PM[@]}" rm -f "$CNAME" >/dev/null

step "restart on the same volume"
PORT_X=$(free_port)
run_container
"${PM[@]}" logs "$CNAME" 2>&1 | grep -q 'applied migrations' && fail "migrations applied again on restart"
"${PM[@]}" logs "$CNAME" 2>&1 | grep -q 'first administrator created' && fail "an administrator created again on restart"
# Read the whole page first: `curl | grep -q` fails under pipefail when grep stops reading early.
home=$(curl -fsS -m 5 "http://127.0.0.1:$PORT_X/") || fail "GET / after restart"
grep -q "Tour Booking" <<<"$home" || fail "GET / after restart: not the site"

step "PASS in $((SECONDS - started))s"
