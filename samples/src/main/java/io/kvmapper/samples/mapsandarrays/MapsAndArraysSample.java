package io.kvmapper.samples.mapsandarrays;

import static io.kvmapper.samples.Expect.equal;

import io.kvmapper.KvStore;
import io.kvmapper.annotation.Entity;
import io.kvmapper.annotation.Layout;
import io.kvmapper.samples.Sample;
import io.kvmapper.samples.StoredKeys;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The maps-and-arrays article: bob's map of attributes and his array of friends, read back without a
 * separate list of attribute names or a stored length, and changed one element at a time with the
 * generated element-wise methods ({@code putX}/{@code removeX} for the map, {@code appendX},
 * {@code insertX}, {@code removeXAt} for the list, {@code addX}/{@code removeX} for the set,
 * {@code updateX} for any field). Each change is atomic, which the article's loop of separate sets is
 * not.
 */
public final class MapsAndArraysSample implements Sample {
    @Override
    public String title() {
        return "Maps and arrays: bob's attributes and friends, stored and changed element by element";
    }

    @Override
    public void run(KvStore store, PrintStream out) {
        PersonRepository people = new PersonRepository(store);
        people.deleteById("bob");
        people.deleteById("suzy");

        Map<String, String> bob = new LinkedHashMap<>();
        bob.put("name", "Bob Smith");
        bob.put("email", "");
        bob.put("address", "123 Bob Avenue Philadelphia, PA 19107");
        people.save(new Person("bob", bob, List.of("joe", "suzy", "bill"), Set.of("chess"), "offline"));
        people.save(new Person("suzy", Map.of("name", "Suzy Q"), List.of("bob"), Set.of("chess", "go"), "online"));
        Person read = people.findById("bob").orElseThrow();
        out.println("saved bob: attributes " + sorted(read.attributes()) + ", friends " + read.friends()
                + ", groups " + sorted(read.groups()));
        equal("bob's attributes", new TreeMap<>(bob), sorted(read.attributes()));
        equal("bob's friends", List.of("joe", "suzy", "bill"), read.friends());

        Layout layout = Person.class.getAnnotation(Entity.class).layout();
        List<String> keys = StoredKeys.ofPartition(store, "Person", "bob");
        out.printf("layout %s: bob is %d key(s) under his prefix ((\"Person\", \"r\", \"bob\")):%n", layout, keys.size());
        keys.forEach(key -> out.println("  " + key));
        out.println(layout == Layout.MONOLITHIC
                ? "  one value holds the whole entity; each element-wise change below is a read-modify-write of it"
                        + " in one transaction"
                : "  each attribute, map entry, list element and set element has its own key; each element-wise"
                        + " change below writes only the keys it must");
        out.println("reading bob back is one read of that prefix: no list of attribute names (the article's"
                + " top-level key) and no stored array length is needed; the element-wise methods below are the"
                + " same in both layouts");

        out.println("-- the map, entry by entry");
        out.println("putAttributes(\"bob\", \"email\", \"bob@example.com\"): "
                + people.putAttributes("bob", "email", "bob@example.com"));
        out.println("removeAttributes(\"bob\", \"address\"): " + people.removeAttributes("bob", "address"));
        Map<String, String> attributes = sorted(people.findById("bob").orElseThrow().attributes());
        out.println("bob's attributes now: " + attributes);
        equal("bob's attributes after put and remove", Map.of("email", "bob@example.com", "name", "Bob Smith"),
                attributes);

        out.println("-- the array, element by element");
        people.appendFriends("bob", "alice");
        people.insertFriends("bob", 0, "zoe");
        people.removeFriendsAt("bob", 2);
        List<String> friends = people.findById("bob").orElseThrow().friends();
        out.println("appendFriends(alice), insertFriends(0, zoe), removeFriendsAt(2): " + friends);
        equal("bob's friends after append, insert and remove", List.of("zoe", "joe", "bill", "alice"), friends);
        people.insertFriends("bob", 1, "amy");
        friends = people.findById("bob").orElseThrow().friends();
        out.println("insertFriends(1, amy): " + friends);
        equal("bob's friends after an insert in the middle", List.of("zoe", "amy", "joe", "bill", "alice"), friends);
        if (layout == Layout.ATTRIBUTE_PER_KEY) {
            out.println("their keys: each position is (major, minor); the insert at the front took major -1, the"
                    + " append the last major + 1, amy between -1 and 0 the fraction \"V\" (half of base 62), and"
                    + " no other element's key changed:");
            StoredKeys.ofPartition(store, "Person", "bob").stream().filter(key -> key.contains("\"friends\", "))
                    .forEach(key -> out.println("  " + key));
        }

        out.println("-- the set, and the index on it");
        people.addGroups("bob", "go");
        people.removeGroups("bob", "chess");
        Set<String> groups = sorted(people.findById("bob").orElseThrow().groups());
        out.println("addGroups(go), removeGroups(chess): " + groups + "; findByGroups(\"go\"): "
                + ids(people.findByGroups("go")) + ", findByGroups(\"chess\"): " + ids(people.findByGroups("chess")));
        equal("bob's groups", Set.of("go"), groups);
        equal("the members of go", List.of("bob", "suzy"), ids(people.findByGroups("go")));
        equal("the members of chess", List.of("suzy"), ids(people.findByGroups("chess")));

        out.println("-- one field");
        out.println("updateStatus(\"bob\", \"online\"): " + people.updateStatus("bob", "online")
                + ", and for nobody: " + people.updateStatus("nobody", "online"));
        equal("bob's status", "online", people.findById("bob").orElseThrow().status());

        out.println("-- replacing and deleting");
        people.save(new Person("bob", Map.of("name", "Bob"), List.of("joe"), Set.of(), "away"));
        Person replaced = people.findById("bob").orElseThrow();
        out.println("save(bob with one attribute and one friend) replaces him whole: attributes "
                + sorted(replaced.attributes()) + ", friends " + replaced.friends() + ", groups "
                + sorted(replaced.groups()) + "; findByGroups(\"go\"): " + ids(people.findByGroups("go")));
        equal("bob after the replacing save", new Person("bob", Map.of("name", "Bob"), List.of("joe"), Set.of(), "away"),
                new Person(replaced.id(), sorted(replaced.attributes()), replaced.friends(),
                        sorted(replaced.groups()), replaced.status()));
        equal("the members of go after the replacing save", List.of("suzy"), ids(people.findByGroups("go")));
        out.println("deleteById(\"bob\"): " + people.deleteById("bob") + "; keys left under his prefix: "
                + StoredKeys.ofPartition(store, "Person", "bob").size());
        equal("keys left under bob's prefix", List.of(), StoredKeys.ofPartition(store, "Person", "bob"));
        equal("integrity", true, people.verify().isClean());
    }

    private static <V> Map<String, V> sorted(Map<String, V> map) {
        return map == null ? Map.of() : new TreeMap<>(map);
    }

    private static Set<String> sorted(Set<String> set) {
        return set == null ? Set.of() : new TreeSet<>(set);
    }

    private static List<String> ids(List<Person> people) {
        return people.stream().map(Person::id).toList();
    }
}
