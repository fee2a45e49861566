package io.kvmapper.it.indexes;

import io.kvmapper.annotation.Counter;
import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Index;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Transient;
import io.kvmapper.annotation.Version;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A class entity (non-private fields, no-argument constructor) with a composite key partitioned by
 * project: a nullable non-unique index, a unique code, a set index, a composite index over two
 * embedded paths, a count per assignee, a sum of a boxed field per project, optimistic locking.
 */
@Entity(name = "IxTicket")
@Index(name = "placeAndFloor", fields = {"place.building", "place.floor"})
@Counter(name = "byAssignee", groupBy = "assignee")
@Counter(name = "pointsByProject", groupBy = "project", sum = "points")
@Counter(name = "byProjectAndAssignee", groupBy = {"project", "assignee"})
public class Ticket {
    @Key
    String project;
    @Key
    long number;
    @Index
    String assignee;
    @Index(unique = true)
    String code;
    @Embedded
    Place place;
    @Index
    Set<String> labels;
    Integer points;
    Map<String, Integer> attrs;
    @Version
    long version;
    @Transient
    String note;

    public Ticket() {
    }

    public Ticket(String project, long number, String assignee, String code, Place place, Set<String> labels,
            Integer points) {
        this.project = project;
        this.number = number;
        this.assignee = assignee;
        this.code = code;
        this.place = place;
        this.labels = labels;
        this.points = points;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ticket t && Objects.equals(project, t.project) && number == t.number
                && Objects.equals(assignee, t.assignee) && Objects.equals(code, t.code)
                && Objects.equals(place, t.place) && Objects.equals(labels, t.labels)
                && Objects.equals(points, t.points) && Objects.equals(attrs, t.attrs) && version == t.version;
    }

    @Override
    public int hashCode() {
        return Objects.hash(project, number);
    }

    @Override
    public String toString() {
        return "Ticket[" + project + "/" + number + ", " + assignee + ", " + code + ", " + place + ", " + labels
                + ", " + points + ", " + attrs + ", v" + version + "]";
    }
}
