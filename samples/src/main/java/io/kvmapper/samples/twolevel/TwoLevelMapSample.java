package io.kvmapper.samples.twolevel;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.annotation.Entity;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import java.io.PrintStream;
import java.util.List;
import java.util.stream.Stream;

/**
 * Three uses of the Netflix two-level map ({@code id -> sorted map of key -> value}), each an entity
 * whose partition is the id: a flat map, a named set and a structured record. (The time-ordered event
 * log, the graph adjacency list and time-bucketed metrics have samples of their own.)
 */
public final class TwoLevelMapSample implements Sample {
    @Override
    public String title() {
        return "Two-level map: a flat map, a named set and a structured record";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        flatMap(store, out);
        namedSet(store, out);
        structuredRecord(store, out);
    }

    private static void flatMap(KvStore store, PrintStream out) {
        out.println("-- flat map: id -> value");
        SettingRepository settings = new SettingRepository(store);
        settings.save(new Setting("ui.theme", "dark"));
        settings.save(new Setting("ui.language", "en"));
        settings.updateValue("ui.theme", "light");
        out.println("ui.theme (one point read): " + settings.findById("ui.theme").map(Setting::value).orElseThrow()
                + ", stored under " + StoredKeys.ofPartition(store, "Setting", "ui.theme"));
        equal("ui.theme", "light", settings.findById("ui.theme").map(Setting::value).orElse(null));
        List<String> ui = settings.findAllById(List.of("ui.language", "ui.missing", "ui.theme")).stream()
                .map(s -> s.id() + "=" + s.value()).toList();
        out.println("findAllById(ui.language, ui.missing, ui.theme), one multi-get: " + ui);
        equal("the multi-get", List.of("ui.language=en", "ui.theme=light"), ui);
    }

    private static void namedSet(KvStore store, PrintStream out) {
        out.println("-- named set: id -> {member -> nothing}");
        SetMemberRepository members = new SetMemberRepository(store);
        members.findBySet("staff-picks").forEach(m -> members.deleteById(m.set(), m.member()));
        Stream.of("heat", "alien", "brazil", "alien", "casablanca")
                .forEach(title -> members.save(new SetMember("staff-picks", title)));
        members.save(new SetMember("new-releases", "dune"));
        List<String> picks = names(members.findBySet("staff-picks"));
        out.println("staff-picks after adding heat, alien, brazil, alien, casablanca: " + picks
                + " (sorted, once each), size (counter, one read): " + members.countSize("staff-picks"));
        equal("staff-picks", List.of("alien", "brazil", "casablanca", "heat"), picks);
        equal("the size of staff-picks", 4L, members.countSize("staff-picks"));
        out.println("its keys: " + StoredKeys.ofPartition(store, "SetMember", "staff-picks").subList(0, 2) + " ...");
        out.println("contains brazil: " + members.existsById("staff-picks", "brazil") + ", contains dune: "
                + members.existsById("staff-picks", "dune"));
        equal("staff-picks contains dune", false, members.existsById("staff-picks", "dune"));
        Page<SetMember> first = members.findBySet("staff-picks", PageRequest.ofSize(3));
        Page<SetMember> rest = members.findBySet("staff-picks",
                PageRequest.resume(first.continuation().orElseThrow(), 3));
        out.println("paged by 3: " + names(first.items()) + " then " + names(rest.items()));
        equal("the second page", List.of("heat"), names(rest.items()));
        out.println("remove alien: " + members.deleteById("staff-picks", "alien") + ", again: "
                + members.deleteById("staff-picks", "alien") + "; now " + names(members.findBySet("staff-picks"))
                + ", size " + members.countSize("staff-picks") + "; sets and sizes: " + members.countSize());
        equal("the size of staff-picks after the removal", 3L, members.countSize("staff-picks"));
    }

    private static void structuredRecord(KvStore store, PrintStream out) {
        out.println("-- structured record: the fields of one item");
        TitleRepository titles = new TitleRepository(store);
        titles.save(new Title("t-80", "Alien", 1979, 117, new Rating("BBFC", "18"), List.of("horror", "sci-fi")));
        titles.updateRating("t-80", new Rating("BBFC", "15"));
        titles.appendGenres("t-80", "thriller");
        Title alien = titles.findById("t-80").orElseThrow();
        out.println("t-80 after updateRating and appendGenres: " + alien);
        equal("t-80", new Title("t-80", "Alien", 1979, 117, new Rating("BBFC", "15"),
                List.of("horror", "sci-fi", "thriller")), alien);
        List<String> keys = StoredKeys.ofPartition(store, "Title", "t-80");
        out.printf("layout %s: %d key(s) under ((\"Title\", \"r\", \"t-80\"))%n",
                Title.class.getAnnotation(Entity.class).layout(), keys.size());
        keys.forEach(key -> out.println("  " + key));
    }

    private static List<String> names(List<SetMember> members) {
        return members.stream().map(SetMember::member).toList();
    }
}
