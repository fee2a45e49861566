#!/usr/bin/env bash
# Runs the Cassandra backend's JMH benchmarks against a node each launches on loopback: CassandraBackendBenchmark
# (the counter table, about three minutes on 2 cores) and CassandraBucketBenchmark (bucketed partitions and
# claims, about five). BENCHMARKS picks them by JMH pattern; arguments replace the default JMH options
# (-f 1 -wi 3 -w 3s -i 5 -r 3s). Never run by CI.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  set -- -f 1 -wi 3 -w 3s -i 5 -r 3s
fi
# package resolves the reactor's jars; every module writes its own target/test-classpath.txt
mvn -B -q -DskipTests package dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile=target/test-classpath.txt -pl mapper-cassandra -am >/dev/null
cp="mapper-cassandra/target/test-classes:mapper-cassandra/target/classes:$(cat mapper-cassandra/target/test-classpath.txt)"
java -cp "$cp" -Dkvmapper.cassandra.lib=mapper-cassandra-testserver/target/cassandra-lib \
    -Dkvmapper.cassandra.work=mapper-cassandra/target/cassandra-node \
    org.openjdk.jmh.Main "${BENCHMARKS:-Cassandra.*Benchmark}" "$@"
