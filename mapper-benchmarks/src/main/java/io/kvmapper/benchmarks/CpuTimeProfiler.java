package io.kvmapper.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * CPU time per operation, in microseconds, two ways: {@code ·cpu.us/op}, the whole process's (so a
 * store's background work, RocksDB's flushes and compactions or JE's cleaner, counts, and so do the JIT
 * and the garbage collector), and {@code ·worker.us/op}, the JMH worker threads' alone (the operation's
 * own path, foreground work). Unlike throughput, CPU time moves little when other processes compete for
 * the cores, which is what makes before/after comparisons possible on a shared machine; the worker
 * figure is the steadier of the two, since background work comes in bursts. Use with
 * {@code -prof io.kvmapper.benchmarks.CpuTimeProfiler}.
 */
public final class CpuTimeProfiler implements InternalProfiler {
    private final OperatingSystemMXBean os =
            ManagementFactory.getPlatformMXBean(OperatingSystemMXBean.class);
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private long cpuAtStart;
    private final Map<Long, Long> workerCpuAtStart = new HashMap<>();

    @Override
    public String getDescription() {
        return "process CPU time per operation (all threads)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpuAtStart = os.getProcessCpuTime();
        workerCpuAtStart.clear();
        for (ThreadInfo worker : workers()) {
            workerCpuAtStart.put(worker.getThreadId(), threads.getThreadCpuTime(worker.getThreadId()));
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
            IterationParams iterationParams, IterationResult result) {
        long cpu = os.getProcessCpuTime() - cpuAtStart;
        long workerCpu = 0;
        for (ThreadInfo worker : workers()) {
            long now = threads.getThreadCpuTime(worker.getThreadId());
            // A worker that started during the iteration counts from zero.
            workerCpu += now - workerCpuAtStart.getOrDefault(worker.getThreadId(), 0L);
        }
        long operations = result.getMetadata().getMeasuredOps();
        return List.of(
                new ScalarResult("cpu.us/op", perOperation(cpu, operations), "us/op", AggregationPolicy.AVG),
                new ScalarResult("worker.us/op", perOperation(workerCpu, operations), "us/op",
                        AggregationPolicy.AVG));
    }

    private static double perOperation(long nanos, long operations) {
        return operations == 0 ? Double.NaN : nanos / 1e3 / operations;
    }

    /** The live JMH worker threads, which run the benchmark method. */
    private List<ThreadInfo> workers() {
        List<ThreadInfo> workers = new ArrayList<>();
        for (ThreadInfo thread : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (thread != null && thread.getThreadName().contains("-jmh-worker-")) {
                workers.add(thread);
            }
        }
        return workers;
    }
}
