package io.kvmapper.it.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kvmapper.KvStore;
import io.kvmapper.Page;
import io.kvmapper.PageRequest;
import io.kvmapper.it.TestStores;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Entities whose key components and fields are named like the parameters and locals of the generated code
 * ({@link Clash}, {@link ClashBean}, {@link ClashProto}) compile, and their repositories work: the user's names
 * stay as they are, and the generated names step aside.
 */
class NameClashTest {
    @TempDir
    Path dir;
    KvStore store;
    ClashRepository clashes;
    ClashBeanRepository beans;
    ClashProtoRepository protos;

    @BeforeEach
    void open() {
        store = TestStores.open(dir);
        clashes = new ClashRepository(store);
        beans = new ClashBeanRepository(store);
        protos = new ClashProtoRepository(store);
    }

    @AfterEach
    void close() {
        store.close();
    }

    static Clash clash(String current, long path, String stored, String from, String to, int page, String writer) {
        return new Clash(current, "o", path, stored, from, to, page, List.of("e1"), Set.of("k1"), Map.of("v", 1),
                "index", "id", "listener", "tx", "generator", "parser", "field", "entry",
                URI.create("https://example.com/" + stored), "databind", "type",
                new Clash.Part(writer, "g", List.of("p")), 0);
    }

    @Test
    void aRecordNamedLikeTheGeneratedCodeIsStoredFoundCountedAndChanged() {
        for (int i = 0; i < 6; i++) {
            clashes.save(clash(i < 4 ? "a" : "b", i, "s" + i, "f" + i % 2, "t" + i, 10 + i, "w" + i % 3));
        }
        Clash first = clashes.findById("a", "o", 0).orElseThrow();
        assertEquals(1, first.version());
        assertEquals(URI.create("https://example.com/s0"), first.link());
        assertEquals("databind", first.DATABIND());
        assertEquals("type", first.CLASH_LINK_TYPE());
        assertEquals(new Clash.Part("w0", "g", List.of("p")), first.entity());

        assertEquals(List.of(0L, 1L, 2L, 3L), paths(clashes.findByCurrentAndOut("a", "o")));
        assertEquals(List.of(1L, 2L), paths(clashes.findByCurrentAndOutAndPathBetween("a", "o", 1, 3)));
        Page<Clash> page = clashes.findByCurrent("a", PageRequest.ofSize(3));
        assertEquals(List.of(0L, 1L, 2L), paths(page.items()));
        assertEquals(List.of(3L), paths(clashes.findByCurrent("a",
                PageRequest.resume(page.continuation().orElseThrow(), 3)).items()));

        assertEquals(Optional.of(4L), clashes.findByStored("s4").map(Clash::path));
        assertEquals(List.of(1L, 3L, 5L), paths(clashes.findByFrom("f1")));
        assertEquals(List.of(3L), paths(clashes.findByFromAndTo("f1", "t3")));
        assertEquals(List.of(3L, 5L), paths(clashes.findByFromAndToBetween("f1", "t2", "t6")));
        assertEquals(List.of(1L), paths(clashes.findByFromAndToBetween("f1", "t0", "t2", PageRequest.ofSize(5))
                .items()));
        assertEquals(List.of(0L, 3L), paths(clashes.findByEntityWriter("w0")));

        assertEquals(3, clashes.countByFrom("f0"));
        assertEquals(Map.of("f0", 3L, "f1", 3L), clashes.countByFrom());
        assertEquals(10 + 13, clashes.sumPages("w0"));

        assertTrue(clashes.updateTo("a", "o", 0, "t9"));
        assertTrue(clashes.appendElement("a", "o", 0, "e2"));
        assertTrue(clashes.insertElement("a", "o", 0, 0, "e0"));
        assertTrue(clashes.removeElementAt("a", "o", 0, 1));
        assertTrue(clashes.addKey("a", "o", 0, "k2"));
        assertTrue(clashes.removeKey("a", "o", 0, "k1"));
        assertTrue(clashes.putValue("a", "o", 0, "w", 2));
        assertTrue(clashes.removeValue("a", "o", 0, "v"));
        assertFalse(clashes.updateTo("a", "o", 99, "t9"));
        store.transact(tx -> clashes.with(tx).updatePage("a", "o", 0, 20));

        Clash changed = clashes.findById("a", "o", 0).orElseThrow();
        assertEquals("t9", changed.to());
        assertEquals(List.of("e0", "e2"), changed.element());
        assertEquals(Set.of("k2"), changed.key());
        assertEquals(Map.of("w", 2), changed.value());
        assertEquals(10, changed.version());
        assertEquals(List.of(0L), paths(clashes.findByFromAndTo("f0", "t9")));
        assertEquals(20 + 13, clashes.sumPages("w0"));
        assertTrue(clashes.verify().isClean(), clashes.verify().toString());
    }

    static ClashBean bean(String element, int index, String entity, String stored) {
        ClashBean bean = new ClashBean();
        bean.element = element;
        bean.index = index;
        bean.key = "k";
        bean.value = "v";
        bean.entity = entity;
        bean.out = new ArrayList<>(List.of("o1"));
        bean.path = Map.of("p", List.of("x", "y"));
        bean.current = Set.of("c1");
        bean.in = "in";
        bean.scope = "scope";
        bean.at = 7;
        bean.position = "position";
        bean.page = 3;
        bean.stored = stored;
        bean.inner = new ClashBean.Inner("value", "out", 8, List.of("e"), Map.of("k", "v"));
        return bean;
    }

    @Test
    void aClassInTheAttributeLayoutNamedLikeTheGeneratedCodeIsStoredFoundCountedAndChanged() {
        beans.save(bean("e", 1, "x", "s1"));
        beans.save(bean("e", 2, "x", "s2"));
        beans.save(bean("e", 3, "y", "s3"));

        ClashBean found = beans.findById("e", 1, "k", "v").orElseThrow();
        assertEquals(List.of("o1"), found.out);
        assertEquals(Map.of("p", List.of("x", "y")), found.path);
        assertEquals(Set.of("c1"), found.current);
        assertEquals(List.of("in", "scope", "position"), List.of(found.in, found.scope, found.position));
        assertEquals(List.of(7, 3), List.of(found.at, found.page));
        assertEquals(List.of("value", "out"), List.of(found.inner.value, found.inner.out));
        assertEquals(8, found.inner.at);
        assertEquals(List.of("e"), found.inner.element1);
        assertEquals(Map.of("k", "v"), found.inner.entry1);

        assertEquals(List.of(1, 2), beans.findByElementAndIndexBetween("e", 1, 3).stream().map(b -> b.index).toList());
        assertEquals(List.of(1, 2), beans.findByEntity("x").stream().map(b -> b.index).toList());
        assertEquals(Optional.of(3), beans.findByStored("s3").map(b -> b.index));
        assertEquals(Map.of("x", 2L, "y", 1L), beans.countByEntity());

        assertTrue(beans.appendOut("e", 1, "k", "v", "o2"));
        assertTrue(beans.insertOut("e", 1, "k", "v", 0, "o0"));
        assertTrue(beans.removeOutAt("e", 1, "k", "v", 1));
        assertTrue(beans.putPath("e", 1, "k", "v", "q", List.of("z")));
        assertTrue(beans.removePath("e", 1, "k", "v", "p"));
        assertTrue(beans.addCurrent("e", 1, "k", "v", "c2"));
        assertTrue(beans.removeCurrent("e", 1, "k", "v", "c1"));
        assertTrue(beans.updateEntity("e", 1, "k", "v", "y"));

        ClashBean changed = beans.findById("e", 1, "k", "v").orElseThrow();
        assertEquals(List.of("o0", "o2"), changed.out);
        assertEquals(Map.of("q", List.of("z")), changed.path);
        assertEquals(Set.of("c2"), changed.current);
        assertEquals(Map.of("x", 1L, "y", 2L), beans.countByEntity());
        assertTrue(beans.verify().isClean(), beans.verify().toString());
    }

    @Test
    void aProtobufRecordNamedLikeTheCodecsLocalsAndConstantsReadsBackAsSaved() {
        ClashProto proto = new ClashProto(1, 5, "in", "out", "entity", ClashProto.Color.GREEN, "COLOR",
                List.of("a", "b"), Optional.of(new ClashProto.Size(6, "inner")));
        protos.save(proto);
        assertEquals(Optional.of(proto), protos.findById(1));
        assertTrue(protos.appendElement(1, "c"));
        assertEquals(List.of("a", "b", "c"), protos.findById(1).orElseThrow().element());
    }

    private static List<Long> paths(List<Clash> found) {
        return found.stream().map(Clash::path).toList();
    }
}
