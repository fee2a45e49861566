package io.kvmapper.spring;

import io.kvmapper.Progress;
import io.kvmapper.ProgressListener;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the store's online index and counter builds (and drops) are doing, from their progress reports: the
 * ones running, and the ones that failed. Attached to the store the starter opens, and read by the health
 * indicator and the metrics.
 */
public class SchemaBuilds implements ProgressListener {
    private final Map<String, Progress> latest = new ConcurrentHashMap<>();

    @Override
    public void onProgress(Progress progress) {
        latest.put(progress.entity() + ": " + progress.task(), progress);
    }

    /** The builds running now, each with how many records it has processed, by "entity: task". */
    public Map<String, Long> running() {
        Map<String, Long> running = new TreeMap<>();
        latest.forEach((name, progress) -> {
            if (!progress.finished()) {
                running.put(name, progress.processed());
            }
        });
        return running;
    }

    /** The builds that failed, each with what failed, by "entity: task". */
    public Map<String, String> failed() {
        Map<String, String> failed = new TreeMap<>();
        latest.forEach((name, progress) -> {
            if (progress.finished() && !"done".equals(progress.outcome())) {
                failed.put(name, progress.outcome());
            }
        });
        return failed;
    }

    /** The latest report of every build seen, by "entity: task". */
    public Map<String, Progress> latest() {
        return new TreeMap<>(latest);
    }
}
