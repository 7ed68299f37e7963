#!/usr/bin/env bash
# Three client hosts against one Dragonfly on this machine (docs/distributed.md, "Measured here"): each host a
# network namespace of its own (its own address on a bridge that lives in a namespace too, its own TCP stack),
# Dragonfly in a fourth. Runs, in turn, ROUNDS times: one client process with 3 x THREADS clients, then three
# processes of THREADS clients each as one run (clients.count=3, a barrier at client 0), and prints each run's
# throughput, client CPU per operation, READ P99 and the merged run's start spread. Needs root; removes what it
# made. Usage: sudo deploy/netns/three-hosts.sh [SECONDS] [ROUNDS]
set -euo pipefail
secs=${1:-20}
rounds=${2:-3}
threads=${THREADS:-16}
records=${RECORDS:-300000}
home=$(cd "$(dirname "$0")/../.." && pwd)
ycsb="$home/bin/ycsb"
export YCSB_KV_NO_BUILD=${YCSB_KV_NO_BUILD:-1}
[ "$(id -u)" = 0 ] || { echo "three-hosts.sh: network namespaces need root" >&2; exit 2; }
command -v dragonfly >/dev/null || { echo "three-hosts.sh: dragonfly is not on PATH" >&2; exit 2; }

p=ykvm$$
net=10.214.$((RANDOM % 250 + 1))
out=$(mktemp -d /tmp/three-hosts.XXXXXX)
cleanup() {
  if [ -f "$out/df.pid" ]; then kill "$(cat "$out/df.pid")" 2>/dev/null || true; fi
  for n in 0 1 2 3 sw; do ip netns del "$p-$n" 2>/dev/null || true; done
}
trap cleanup EXIT
ip netns add "$p-sw"
ip -n "$p-sw" link add br0 type bridge
ip -n "$p-sw" link set br0 up
for n in 0 1 2 3; do   # 0: the store's host, 1-3: the clients'
  ip netns add "$p-$n"
  ip link add eth0 netns "$p-$n" type veth peer name "p$n" netns "$p-sw"
  ip -n "$p-sw" link set "p$n" master br0 up
  ip -n "$p-$n" addr add "$net.$((n + 1))/24" dev eth0
  ip -n "$p-$n" link set eth0 up
  ip -n "$p-$n" link set lo up
done
store=$net.1
ip netns exec "$p-0" dragonfly --bind "$store" --port 6379 --proactor_threads=2 --maxmemory=2gb --dbfilename= \
  --dir "$out" >"$out/df.log" 2>&1 &
echo $! >"$out/df.pid"
sleep 2

common=(-P "$home/workloads/readheavy" -p "dragonfly.host=$store" -p recordcount="$records")
ip netns exec "$p-1" "$ycsb" load dragonfly "${common[@]}" -threads 32 -p export.dir="$out/load" >/dev/null

figures() {  # a result.json: ops/s, client us/op, READ P99 us
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
read = next(o for o in r["operations"] if o["operation"] == "READ")
p99 = read["serviceOk"]["p99Micros"]
cpu = (r.get("clientCpu") or {}).get("microsPerOperation")
spread = ((r.get("load") or {}).get("hosts") or {}).get("startSpreadMicros")
print("%.0f ops/s, client %s us/op, READ P99 %.0f us%s" % (r["overall"]["throughputOpsPerSec"],
      "%.1f" % cpu if cpu else "-", p99, "" if spread is None else ", started within %d us" % spread))
PY
}

for round in $(seq 1 "$rounds"); do
  ip netns exec "$p-1" "$ycsb" run dragonfly "${common[@]}" -threads $((3 * threads)) -p operationcount=0 \
    -p maxexecutiontime="$secs" -p export.dir="$out/one-$round" >/dev/null
  echo "round $round, one process, $((3 * threads)) clients: $(figures "$out/one-$round/result.json")"
  pids=()
  for i in 0 1 2; do
    ip netns exec "$p-$((i + 1))" "$ycsb" run dragonfly "${common[@]}" -threads "$threads" -p operationcount=0 \
      -p maxexecutiontime="$secs" -p clients.count=3 -p clients.index=$i -p clients.barrier="$net.2:7077" \
      -p export.dir="$out/three-$round-$i" >/dev/null 2>"$out/three-$round-$i.err" &
    pids+=($!)
  done
  wait "${pids[@]}"
  "$ycsb" merge "$out/three-$round" "$out/three-$round-0" "$out/three-$round-1" "$out/three-$round-2" \
    >/dev/null 2>&1
  echo "round $round, three processes, $threads clients each: $(figures "$out/three-$round/result.json")"
done
echo "results: $out"
