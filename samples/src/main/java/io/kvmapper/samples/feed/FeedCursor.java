package io.kvmapper.samples.feed;

import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Key;

/**
 * Where a consumer of a change feed has got to: the continuation of the last page it applied, stored in the same
 * unit of work as what it applied, so that it resumes there after a restart, also in another process.
 *
 * @param consumer who reads the feed
 * @param continuation the last page's continuation
 */
@Entity
public record FeedCursor(@Key String consumer, String continuation) {
}
