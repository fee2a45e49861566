package com.example.web;

import io.kvmapper.annotation.ChangeFeed;
import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Expires;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.time.Instant;

/**
 * Input of GoldenFileTest: a login session that expires, with a change feed, a key of an enum and a descending
 * instant, an index and a counter.
 */
@Entity
@ChangeFeed(retention = "PT12H")
@Counter(name = "byDevice", groupBy = "device")
public record Session(
        @Key String user,
        @Key Realm realm,
        @Key(descending = true) Instant startedAt,
        @Index String device,
        @Expires Instant expiresAt) {

    /** Where a user logged in. */
    public enum Realm { WEB, MOBILE }
}
