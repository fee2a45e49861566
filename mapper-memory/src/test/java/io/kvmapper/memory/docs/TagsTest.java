package io.kvmapper.memory.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kvmapper.KvStore;
import io.kvmapper.Multimap;
import io.kvmapper.memory.MemoryKvStore;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

// The JUnit example of docs/memory.md, kept here so that it compiles and passes; change both together.
class TagsTest {
    private final KvStore store = MemoryKvStore.open(); // a new, empty store for each test

    @AfterEach
    void closeStore() {
        store.close();
    }

    @Test
    void tagsAreListedInOrder() {
        Multimap<String, String> tags = store.multimap("tags", String.class, String.class);
        tags.add("post-1", "kv");
        tags.add("post-1", "java");
        assertEquals(List.of("java", "kv"), tags.get("post-1"));
    }
}
