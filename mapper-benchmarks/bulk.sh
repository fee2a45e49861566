#!/usr/bin/env bash
# Builds the benchmarks and runs the bulk load: one million users (argument 1) inserted in units of
# work of 1,000 (argument 2) into a new store, once per contender (argument 3, comma-separated; default
# every contender but kvmapper-apk). Each contender runs in its own JVM, so that its memory figures are
# its own, with a 512 MiB heap touched in full at start (AlwaysPreTouch), so that growth of the resident
# set is native memory.
# Prints a report every 100,000 users (throughput, CPU time per insert, resident set now and at its
# peak, heap in use, store size on disk) and writes them to mapper-benchmarks/target/bulk-load.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
USERS=${1:-1000000}
BATCH=${2:-1000}
CONTENDERS=${3:-raw,kvmapper,kvmapper-proto,bdbje,h2,sqlite}
mvn -B -q -DskipTests package -pl mapper-benchmarks -am
OUT=mapper-benchmarks/target/bulk-load.tsv
: > "$OUT"
for contender in ${CONTENDERS//,/ }; do
    java -Xms512m -Xmx512m -XX:+AlwaysPreTouch -cp mapper-benchmarks/target/benchmarks.jar io.kvmapper.benchmarks.BulkLoad \
        "$contender" "$USERS" "$BATCH" | tee -a "$OUT"
done
