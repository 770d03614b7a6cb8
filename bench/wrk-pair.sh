#!/bin/bash
# The lab against wrk, one alternated pair (issue 27's done-when measure; docs/results.md, "no blocking"):
#   1. ./lab run --servers async --plan throughput --client hyperfoil --connections 100 --duration 10
#   2. the same server alone (./lab server async with the lab's request log, as in a lab run), wrk -t2 -c100 for 3 s
#      (its warm-up, discarded) then 10 s.
# Prints each side's req/s, and what other processes took of the machine meanwhile (user+system CPU minus this
# pair's own): a pair with "others" well above 0 s measured a busy machine. Run pairs back to back, take the median
# of lab/wrk. Loopback only; every step is bounded in time.
#
# HOW TO RUN: bench/wrk-pair.sh OUT_DIR        (needs wrk: apt-get install wrk; ./lab builds the rest)
#             PIN=1 bench/wrk-pair.sh OUT_DIR  each side on a core of its own: the lab with --cpus server=1,client=0,
#                                              the server under taskset -c 1 and wrk -t1 under taskset -c 0
set -u
out=${1:?give an output folder}; mkdir -p "$out"; cd "$(dirname "$0")/.."
port=${PORT:-18086}
if [ "${PIN:-0}" = 1 ]; then
    cpus=(--cpus server=1,client=0); server_on=(taskset -c 1); wrk_on=(taskset -c 0); threads=1
else
    cpus=(); server_on=(); wrk_on=(); threads=2
fi
busy() { awk '/^cpu /{print $2+$3+$4}' /proc/stat; }
others() { echo "others $(awk -v d=$(( $(busy) - $1 )) -v t="$2" 'BEGIN{printf "%.1f", d/100-t}') s of CPU"; }

b0=$(busy)
/usr/bin/time -o "$out/lab.time" -f "%U %S" timeout 300 ./lab run --servers async --plan throughput --client hyperfoil \
    --connections 100 --duration 10 "${cpus[@]}" --out "$out/lab" > "$out/lab.txt" 2>&1
echo "lab: $(grep -o '[0-9,.]* req/s' "$out/lab.txt" | sed -n 2p), $(others "$b0" "$(awk '{print $1+$2}' "$out/lab.time")"),\
 $(grep -o "the client spent [0-9.]* s of CPU ([0-9.]* ms a request) against the server's [0-9.]* s ([0-9.]* ms)" \
    "$out/lab.txt" | head -1)"

timeout 60 "${server_on[@]}" ./lab server async --port "$port" --request-log="$out/wrk-server-requests.csv" > "$out/wrk-server.txt" 2>&1 &
server=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/health" && break; sleep 0.2; done
url="http://127.0.0.1:$port/sleep?ms=0"
timeout 20 "${wrk_on[@]}" wrk -t$threads -c100 -d3s "$url" > /dev/null
pid=$(pgrep -f "server-async.jar.*--port $port" | head -1)
ticks() { awk '{print $14+$15}' "/proc/$pid/stat"; }
s0=$(ticks); b0=$(busy)
/usr/bin/time -o "$out/wrk.time" -f "%U %S" timeout 30 "${wrk_on[@]}" wrk -t$threads -c100 -d10s "$url" > "$out/wrk.txt" 2>&1
s1=$(ticks)
echo "wrk: $(awk '/Requests\/sec/{print $2}' "$out/wrk.txt") req/s, $(others "$b0" "$(awk -v s=$((s1 - s0)) '{print $1+$2+s/100}' "$out/wrk.time")"),\
 server $(awk -v s=$((s1 - s0)) '/requests in/{printf "%.1f s of CPU, %.3f ms a request", s/100, s*10/$1}' "$out/wrk.txt")"
kill "$pid" 2>/dev/null; wait "$server" 2>/dev/null; rm -f "$out/wrk-server-requests.csv"
