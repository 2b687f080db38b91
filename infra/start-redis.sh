#!/usr/bin/env bash
# Starts a local Redis from Debian's redis-server when none answers on REDIS_URL's port (default 6379).
set -euo pipefail
port="${REDIS_PORT:-6379}"
if redis-cli -p "$port" ping >/dev/null 2>&1; then
  echo "Redis already answers on port $port"
  exit 0
fi
if ! command -v redis-server >/dev/null; then
  echo "Installing redis-server from Debian's packages"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi
mkdir -p /tmp/warpgate-redis
# BullMQ must never lose keys to eviction.
redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no \
  --maxmemory-policy noeviction --dir /tmp/warpgate-redis --logfile /tmp/warpgate-redis/redis.log
for _ in $(seq 1 50); do
  redis-cli -p "$port" ping >/dev/null 2>&1 && { echo "Redis started on port $port"; exit 0; }
  sleep 0.1
done
echo "Redis did not start; see /tmp/warpgate-redis/redis.log" >&2
exit 1
