#!/usr/bin/env bash
# The quick mode of run.sh: every contender on a smaller store with short iterations, a few minutes on 2
# cores; the chart goes to mapper-benchmarks/target/benchmarks-quick.png. Arguments go to JMH.
exec "$(dirname "$0")/run.sh" --quick "$@"
