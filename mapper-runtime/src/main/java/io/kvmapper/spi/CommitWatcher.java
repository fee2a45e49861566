package io.kvmapper.spi;

import java.util.List;

/**
 * Hears of every commit of a backend, around the moment its writes become visible: what keeps a cache of
 * what reads return (the runtime's entity cache) coherent with the store. A backend that accepts a watcher
 * ({@link KvBackend#watchCommits}) calls it for every write of the store, whatever wrote it: the
 * transactions of repositories, of the reaper, of online builds, repairs and schema changes alike.
 *
 * <p>For each commit (or group of commits written together) the backend calls {@link #committing} with every
 * key the commit puts, deletes or adds to, before any of it can be read, and then {@link #committed} with the
 * same keys once the write has been made or has failed. Both are called with the backend's commit lock held,
 * so they must be quick and must not call the backend.
 */
public interface CommitWatcher {
    /** The commit writing {@code keys} is about to be written; none of it is visible yet. */
    void committing(List<byte[]> keys);

    /** The commit writing {@code keys} has been written (or failed to be); called after {@link #committing}. */
    void committed(List<byte[]> keys);
}
