package io.kvmapper.samples.sessions;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.SampleClock;
import io.kvmapper.samples.StoredKeys;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A session store, the data-modelling article's "always set TTL on ephemeral data", with {@code @Expires}: every
 * session carries the instant it expires, reads miss it from that instant on, and the store's reaper deletes it
 * with its index entry and its count through the expiry index, which orders sessions by instant. A save that
 * renews a session moves its expiry entry in the same unit of work. Until the reaper has run, counters still count
 * an expired session; the reaper runs every {@code expiryInterval} in the background (the samples' store sets an
 * hour, so that what they print does not depend on when it runs) and at once on {@link KvStore#reapExpired()}.
 * The sample tells the time by the store's clock, which it sets.
 */
public final class SessionStoreSample implements Sample {
    private static final Instant NOON = Instant.parse("2026-11-22T12:00:00Z");

    private final SampleClock clock;

    /** The sample, moving {@code clock}, the store's clock. */
    public SessionStoreSample(SampleClock clock) {
        this.clock = clock;
    }

    @Override
    public String title() {
        return "A session store with @Expires: expired sessions read as absent and the reaper deletes them with their"
                + " index entries and counts";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        clock.set(NOON);
        LoginSessionRepository sessions = new LoginSessionRepository(store);
        List<String> left;
        try (Stream<LoginSession> all = sessions.findAll()) {
            left = all.map(LoginSession::token).toList();
        }
        left.forEach(sessions::deleteById);
        store.reapExpired();

        for (int i = 0; i < 24; i++) {
            sessions.save(new LoginSession(token(i), "user-" + i % 6, NOON.plus(Duration.ofMinutes(5))));
        }
        for (int i = 0; i < 5; i++) {
            sessions.save(new LoginSession("remember:" + i, "user-" + i, NOON.plus(Duration.ofHours(1))));
        }
        out.println("at 12:00, 24 sessions log in for 5 minutes and 5 remembered ones for 1 hour; sessions (counter): "
                + sessions.countTotal());
        equal("sessions at 12:00", 29L, sessions.countTotal());

        clock.set(NOON.plus(Duration.ofMinutes(2)));
        sessions.save(sessions.findById(token(7)).orElseThrow().renewedUntil(NOON.plus(Duration.ofMinutes(12))));
        out.println("at 12:02, " + token(7) + " is renewed until 12:12: the save moves its expiry entry in the same"
                + " unit of work");
        out.println("the expiry index orders sessions by instant (as nanoseconds), its first entry: "
                + StoredKeys.ofIndex(store, "LoginSession", "expiresAt").get(0));

        clock.set(NOON.plus(Duration.ofMinutes(10)));
        Optional<LoginSession> expired = sessions.findById(token(3));
        List<String> ofUser3 = sessions.findByUser("user-3").stream().map(LoginSession::token).toList();
        out.println("at 12:10, findById(" + token(3) + "): " + expired + " (it expired at 12:05 and is not reaped yet);"
                + " findByUser(user-3): " + ofUser3 + "; sessions (counter, until reaped): " + sessions.countTotal()
                + "; " + token(7) + " exists: " + sessions.existsById(token(7)));
        equal("an expired session", Optional.empty(), expired);
        equal("user-3's live sessions", List.of("remember:3"), ofUser3);
        equal("sessions counted until reaped", 29L, sessions.countTotal());

        long reaped = store.reapExpired();
        int entries = StoredKeys.ofIndex(store, "LoginSession", "expiresAt").size();
        out.println("reapExpired() at 12:10 deleted " + reaped + " sessions with their index entries and counts:"
                + " sessions " + sessions.countTotal() + ", expiry entries left " + entries + ", verify(): "
                + (sessions.verify().isClean() ? "clean" : sessions.verify()));
        equal("sessions reaped at 12:10", 23L, reaped);
        equal("sessions left", 6L, sessions.countTotal());
        equal("expiry entries left", 6, entries);
        equal("verify() after reaping", true, sessions.verify().isClean());

        clock.set(NOON.plus(Duration.ofHours(1)));
        Optional<LoginSession> remembered = sessions.findById("remember:2");
        long later = store.reapExpired();
        out.println("at 13:00 the remembered sessions expire: findById(remember:2): " + remembered + "; reapExpired()"
                + " deleted " + later + "; sessions: " + sessions.countTotal() + ", index entries of users: "
                + StoredKeys.ofIndex(store, "LoginSession", "user").size());
        equal("a remembered session at its expiry", Optional.empty(), remembered);
        equal("sessions reaped at 13:00", 6L, later);
        equal("sessions left at 13:00", 0L, sessions.countTotal());
    }

    private static String token(int i) {
        return String.format(Locale.ROOT, "session:%02d", i);
    }
}
