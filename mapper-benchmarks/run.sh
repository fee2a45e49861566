#!/usr/bin/env bash
# Builds the benchmarks and runs StoreBenchmark for every contender in one run (one fork per cell, with
# the CPU time per operation of the benchmark thread and of the process), then renders docs/benchmarks.png
# and prints the Markdown tables. Run from anywhere.
#
#   run.sh [--quick] [JMH arguments]
#
# The standard run loads 100,000 users and 100,000 orders per cell and measures 3 x 2 s after 2 x 2 s of
# warm-up: about 15 minutes on 2 cores for the seven contenders. --quick loads 20,000 users and 20,000
# orders and measures 2 x 1 s after 1 s of warm-up: a few minutes, for a first look, not for quoting.
# JMH arguments come last and override these, e.g. -p contender=raw,kvmapper or a benchmark name such as
# findById. The codec, layout, concurrent-commit and change feed benchmarks have no contenders and are left
# out: run them by name from the jar (docs/benchmarks.md). QueryBenchmark has contenders of its own and is left
# out too (docs/queries.md), and so is ConcurrentStoreBenchmark (4 readers and 1 writer, docs/benchmarks.md).
# Both key orders: -p keys=sequential,random.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=(-f 1 -wi 2 -w 2s -i 3 -r 2s)
results=mapper-benchmarks/target/results.json
if [ "${1:-}" = "--quick" ]; then
    shift
    mode=(-f 1 -wi 1 -w 1s -i 2 -r 1s -p users=20000 -p usersWithOrders=200)
    results=mapper-benchmarks/target/results-quick.json
fi
mvn -B -q -DskipTests package -pl mapper-benchmarks -am
java -jar mapper-benchmarks/target/benchmarks.jar "${mode[@]}" \
    -prof io.kvmapper.benchmarks.CpuTimeProfiler -e 'CodecBenchmark|LayoutBenchmark|ConcurrentCommitBenchmark|QueryBenchmark' \
    -e ChangeFeedBenchmark \
    -e ConcurrentStoreBenchmark \
    -rf json -rff "$results" "$@"
chart=docs/benchmarks.png
[ "$results" = mapper-benchmarks/target/results.json ] || chart=mapper-benchmarks/target/benchmarks-quick.png
java -cp mapper-benchmarks/target/benchmarks.jar io.kvmapper.benchmarks.ResultsChart "$results" "$chart"
