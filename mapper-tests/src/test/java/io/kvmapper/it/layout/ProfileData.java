package io.kvmapper.it.layout;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Field;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The fields of a profile, shared by two entities that differ only in layout ({@link MonoProfile} and
 * {@link ApkProfile}): every kind of field an element-wise operation can change, indexes on a scalar,
 * a collection and embedded paths (declared on the subclasses), and fields no index or counter covers,
 * whose changes the attribute-per-key layout writes without reading the entity. Two fields are stored
 * under other names ({@code @Field(name)}), which keys use and messages do not.
 */
public abstract class ProfileData {
    @Key
    long id;
    String name;
    @Index(unique = true)
    String email;
    @Index
    String status;
    int score;
    @Embedded
    Residence home;
    @Index
    List<String> tags;
    @Field(name = "memo")
    List<String> notes;
    Set<Integer> badges;
    @Field(name = "grades")
    Map<String, Long> ratings;
    Map<String, List<Integer>> series;
    @Embedded
    List<Residence> previous;
    List<List<String>> groups;
    @Embedded
    Map<String, Coordinates> places;

    /** Copies every field of {@code from} into this profile (shallowly). */
    <P extends ProfileData> P copyFrom(ProfileData from) {
        id = from.id;
        name = from.name;
        email = from.email;
        status = from.status;
        score = from.score;
        home = from.home;
        tags = from.tags;
        notes = from.notes;
        badges = from.badges;
        ratings = from.ratings;
        series = from.series;
        previous = from.previous;
        groups = from.groups;
        places = from.places;
        @SuppressWarnings("unchecked")
        P self = (P) this;
        return self;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProfileData p && p.getClass() == getClass() && id == p.id && score == p.score
                && Objects.equals(name, p.name) && Objects.equals(email, p.email) && Objects.equals(status, p.status)
                && Objects.equals(home, p.home) && Objects.equals(tags, p.tags) && Objects.equals(notes, p.notes)
                && Objects.equals(badges, p.badges) && Objects.equals(ratings, p.ratings)
                && Objects.equals(series, p.series) && Objects.equals(previous, p.previous)
                && Objects.equals(groups, p.groups) && Objects.equals(places, p.places);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[id=" + id + ", name=" + name + ", email=" + email + ", status=" + status
                + ", score=" + score + ", home=" + home + ", tags=" + tags + ", notes=" + notes + ", badges=" + badges
                + ", ratings=" + ratings + ", series=" + series + ", previous=" + previous + ", groups=" + groups
                + ", places=" + places + "]";
    }
}
