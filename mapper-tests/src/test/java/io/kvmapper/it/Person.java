package io.kvmapper.it;

import io.kvmapper.annotation.Embedded;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Field;
import io.kvmapper.annotation.Key;
import io.kvmapper.annotation.Transient;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** A JavaBean entity: private fields with accessors, an inherited key, embedded objects and collections. */
@Entity(name = "people")
public class Person extends Identified {
    private String name;
    private boolean active;
    @Field(name = "mail")
    private String email;
    @Embedded
    private Address home;
    @Embedded
    private List<Address> previous;
    private Set<String> tags;
    private Map<String, Integer> scores;
    @Transient
    private String sessionNote;

    public Person() {
    }

    public Person(long id, String name) {
        this.id = id;
        this.name = name;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public boolean isActive() {
        return active;
    }

    public void setActive(boolean active) {
        this.active = active;
    }

    public String getEmail() {
        return email;
    }

    public void setEmail(String email) {
        this.email = email;
    }

    public Address getHome() {
        return home;
    }

    public void setHome(Address home) {
        this.home = home;
    }

    public List<Address> getPrevious() {
        return previous;
    }

    public void setPrevious(List<Address> previous) {
        this.previous = previous;
    }

    public Set<String> getTags() {
        return tags;
    }

    public void setTags(Set<String> tags) {
        this.tags = tags;
    }

    public Map<String, Integer> getScores() {
        return scores;
    }

    public void setScores(Map<String, Integer> scores) {
        this.scores = scores;
    }

    public String getSessionNote() {
        return sessionNote;
    }

    public void setSessionNote(String sessionNote) {
        this.sessionNote = sessionNote;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Person p && id == p.id && active == p.active && Objects.equals(name, p.name)
                && Objects.equals(email, p.email) && Objects.equals(home, p.home)
                && Objects.equals(previous, p.previous) && Objects.equals(tags, p.tags)
                && Objects.equals(scores, p.scores) && Objects.equals(sessionNote, p.sessionNote);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name);
    }

    @Override
    public String toString() {
        return "Person[" + id + ", " + name + "]";
    }
}
