#!/usr/bin/env bash
# Builds the benchmarks and runs the quick mode (every contender, one fork, short iterations, with the
# process's CPU time per operation), then renders the chart and prints the Markdown tables. Extra
# arguments go to JMH, e.g. -p contender=raw,kvmapper, or a benchmark name such as findById (the codec,
# layout and concurrent-commit benchmarks, which have no contenders, are left out: run them by name from
# the jar, see docs/benchmarks.md). Run from anywhere;
# takes about 10 minutes on 2 cores with all five contenders.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests package -pl mapper-benchmarks -am
java -jar mapper-benchmarks/target/benchmarks.jar -f 1 -wi 2 -w 2s -i 3 -r 2s \
    -prof io.kvmapper.benchmarks.CpuTimeProfiler -e 'CodecBenchmark|LayoutBenchmark|ConcurrentCommitBenchmark' \
    -rf json -rff mapper-benchmarks/target/results.json "$@"
java -cp mapper-benchmarks/target/benchmarks.jar io.kvmapper.benchmarks.ResultsChart \
    mapper-benchmarks/target/results.json docs/benchmarks.png
