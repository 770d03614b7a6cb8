#!/bin/bash
# The noise rule's false alarms and its breaches (issue 47; docs/results/checks-noise.md): RUNS runs of one guest,
# unchanged, each of 3 repeats, then SLOWER runs of it made 30% slower; every ordered pair of unchanged runs compared
# with ./lab compare A B --check 'p99<=+10%' (a breach there is a false alarm), each slower run against every
# unchanged one (a pass there is a miss), and the same pairs again on their first repeats alone (one run a side: the
# figures compared without the noise rule). The guest is the talk's one-file server (docs/examples/Test.java, its
# virtual-thread model), its sleep a flag. Prints the counts; every run and comparison stays in OUT_DIR.
#
# HOW TO RUN: bench/checks-noise.sh OUT_DIR     (RUNS=6 SLOWER=2 MS=100 USERS=20 LOOPS=20 by default)
# Loopback only; every run bounded by its plan and by timeout.
set -u
out=${1:?give an output folder}; mkdir -p "$out"; cd "$(dirname "$0")/.."
runs=${RUNS:-6}; slower=${SLOWER:-2}; ms=${MS:-100}; users=${USERS:-20}; loops=${LOOPS:-20}
port=${PORT:-18500}
java=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java   # the guest's: Test.java needs 21+, PATH's may be older
check='p99<=+10%'

run() { # name, sleep ms
    timeout 600 ./lab run --plan smoke --users "$users" --rampup 1 --loops "$loops" --repeats 3 --warmup-users "$users" \
        --target "guest=http://127.0.0.1:$port/test" \
        --target-command "guest=$java docs/examples/Test.java virtual $port $2" \
        --service-ms "$2" --out "$out/$1" > "$out/$1.txt" 2>&1 || echo "run $1 exited $?" >&2
    ls -d "$out/$1"/*/ | head -1
}
compare() { # A, B: prints the exit code
    ./lab compare "$1" "$2" --check "$check" --out "$3" > "$3.txt" 2>&1; echo $?
}

same=(); slow=()
for i in $(seq 1 "$runs"); do same+=("$(run same-$i "$ms")"); done
for i in $(seq 1 "$slower"); do slow+=("$(run slower-$i $(( ms * 13 / 10 )))"); done

count() { sort | uniq -c | awk '{printf "%s exit %s; ", $1, $2}'; echo; }
n=0
for a in "${same[@]}"; do for b in "${same[@]}"; do
    [ "$a" = "$b" ] && continue; n=$((n + 1))
    compare "$a" "$b" "$out/cmp-same-$n"
    compare "${a}repeat-1" "${b}repeat-1" "$out/cmp-same-one-$n" >&2
done; done > "$out/same.codes" 2> "$out/same-one.codes"
n=0
for a in "${same[@]}"; do for b in "${slow[@]}"; do
    n=$((n + 1))
    compare "$a" "$b" "$out/cmp-slow-$n"
    compare "${a}repeat-1" "${b}repeat-1" "$out/cmp-slow-one-$n" >&2
done; done > "$out/slow.codes" 2> "$out/slow-one.codes"

echo "unchanged, repeats of 3 a side (exit 3 = a false alarm): $(count < "$out/same.codes")"
echo "unchanged, one run a side: $(count < "$out/same-one.codes")"
echo "30% slower, repeats of 3 a side (exit 0 = a miss): $(count < "$out/slow.codes")"
echo "30% slower, one run a side: $(count < "$out/slow-one.codes")"
for dir in "${same[@]}" "${slow[@]}"; do
    echo "$(basename "$(dirname "$dir")") p99 per repeat: $(for r in 1 2 3; do
        python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['servers'][0]['percentiles']['p99'], end=' ')" \
            "${dir}repeat-$r/summary.json"; done)"
done
