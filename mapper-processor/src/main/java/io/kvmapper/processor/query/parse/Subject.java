package io.kvmapper.processor.query.parse;

import java.util.List;

/** What a derived query does with what it finds: the word its name starts with. */
public enum Subject {
    /** Returns the entities: a list, stream, page, Optional or one entity. */
    FIND(List.of("find", "read", "get", "query", "search")),
    /** Returns the entities as a stream (which must be closed); otherwise as {@link #FIND}. */
    STREAM(List.of("stream")),
    /** Returns how many entities there are. */
    COUNT(List.of("count")),
    /** Returns whether there is one. */
    EXISTS(List.of("exists")),
    /** Deletes them, returning how many. */
    DELETE(List.of("delete", "remove"));

    private final List<String> words;

    Subject(List<String> words) {
        this.words = words;
    }

    /** The words that start a method name with this subject ({@code find} has Spring Data's aliases too). */
    public List<String> words() {
        return words;
    }

    /** Whether the subject returns entities. */
    public boolean returnsEntities() {
        return this == FIND || this == STREAM;
    }
}
