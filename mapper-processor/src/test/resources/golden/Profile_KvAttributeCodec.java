package com.example.people;

import io.kvmapper.internal.codec.AttributeCodec;
import io.kvmapper.internal.codec.AttributeField;
import io.kvmapper.internal.codec.AttributeReader;
import io.kvmapper.internal.codec.AttributeWriter;
import io.kvmapper.internal.codec.CollectionChanges;
import io.kvmapper.internal.tuple.TupleReader;
import io.kvmapper.internal.tuple.TupleWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Generated;

/**
 * Attribute-per-key codec of {@link Profile}: an item per field, list element, set element and map entry.
 */
@Generated("io.kvmapper.processor.KvMapperProcessor")
final class Profile_KvAttributeCodec implements AttributeCodec<Profile> {
    static final Profile_KvAttributeCodec INSTANCE = new Profile_KvAttributeCodec();

    static final AttributeField NAME_FIELD = AttributeField.of("name", "name", false, false);

    static final AttributeField HOME_FIELD = AttributeField.of("home", "home", true, false);

    static final AttributeField ATTRIBUTES_FIELD = AttributeField.of("attributes", "attributes", false, true);

    static final AttributeField FRIENDS_FIELD = AttributeField.of("friends", "friends", false, true);

    static final AttributeField GROUPS_FIELD = AttributeField.of("groups", "groups", true, true);

    static final AttributeField SCORES_FIELD = AttributeField.of("scores", "scores", false, false);

    private static final byte[] VERSION_FIELD_NAME = null;

    private Profile_KvAttributeCodec() {
    }

    @Override
    public byte[] versionField() {
        return VERSION_FIELD_NAME;
    }

    @Override
    public void write(Profile entity, AttributeWriter out) {
        int mark = out.mark();
        out.field("name");
        writeName(out, entity.name());
        out.reset(mark);
        out.field("home");
        writeHome(out, entity.home());
        out.reset(mark);
        out.field("attributes");
        writeAttributes(out, entity.attributes());
        out.reset(mark);
        out.field("friends");
        writeFriends(out, entity.friends());
        out.reset(mark);
        out.field("groups");
        writeGroups(out, entity.groups());
        out.reset(mark);
        out.field("scores");
        writeScores(out, entity.scores());
        out.reset(mark);
    }

    @Override
    public Profile read(AttributeReader in) {
        TupleReader recordKey = in.recordKey();
        recordKey.beginNested();
        recordKey.skip();
        recordKey.skip();
        String handle = recordKey.readString();
        recordKey.endNested();
        String name = null;
        Profile.Home home = null;
        Map<String, String> attributes = null;
        List<String> friends = null;
        Set<String> groups = null;
        Map<String, List<Integer>> scores = null;
        int scope = in.enter();
        while (in.next(scope)) {
            switch (in.name()) {
                case "name":
                    name = readName(in);
                    break;
                case "home":
                    home = readHome(in);
                    break;
                case "attributes":
                    attributes = readAttributes(in);
                    break;
                case "friends":
                    friends = readFriends(in);
                    break;
                case "groups":
                    groups = readGroups(in);
                    break;
                case "scores":
                    scores = readScores(in);
                    break;
                default:
                    in.skip();
                    break;
            }
        }
        return new Profile(handle, name, home, attributes, friends, groups, scores);
    }

    /**
     * Writes the node of 'name' at the writer's path; nothing if it is null.
     */
    static void writeName(AttributeWriter out, String value) {
        if (value == null) {
            return;
        }
        out.value().writeString(value);
        out.leaf();
    }

    /**
     * Writes the node of 'home' at the writer's path; nothing if it is null.
     */
    static void writeHome(AttributeWriter out, Profile.Home value) {
        if (value == null) {
            return;
        }
        writeProfile_HomeObject(out, value);
    }

    /**
     * Writes the node of 'attributes' at the writer's path; nothing if it is null.
     */
    static void writeAttributes(AttributeWriter out, Map<String, String> value) {
        if (value == null) {
            return;
        }
        out.container();
        int mark = out.mark();
        for (Map.Entry<String, String> entry : value.entrySet()) {
            writeAttributesKey(out.path(), entry.getKey());
            writeAttributesElement(out, entry.getValue());
            out.reset(mark);
        }
    }

    /**
     * Writes one value of 'attributes' at the writer's path.
     */
    static void writeAttributesElement(AttributeWriter out, String value) {
        if (value == null) {
            out.nullNode();
        } else {
            out.value().writeString(value);
            out.leaf();
        }
    }

    /**
     * Appends the key of 'attributes' that names an entry to {@code path}.
     */
    static void writeAttributesKey(TupleWriter path, String value) {
        path.writeString(CollectionChanges.mapKey(value, Profile_KvMapping.ENTITY, "attributes"));
    }

    /**
     * Writes the node of 'friends' at the writer's path; nothing if it is null.
     */
    static void writeFriends(AttributeWriter out, List<String> value) {
        if (value == null) {
            return;
        }
        out.container();
        int mark = out.mark();
        long position = 0;
        for (String element : value) {
            out.position(position++, "");
            writeFriendsElement(out, element);
            out.reset(mark);
        }
    }

    /**
     * Writes one element of 'friends' at the writer's path.
     */
    static void writeFriendsElement(AttributeWriter out, String value) {
        if (value == null) {
            out.nullNode();
        } else {
            out.value().writeString(value);
            out.leaf();
        }
    }

    /**
     * Writes the node of 'groups' at the writer's path; nothing if it is null.
     */
    static void writeGroups(AttributeWriter out, Set<String> value) {
        if (value == null) {
            return;
        }
        out.container();
        int mark = out.mark();
        for (String element : value) {
            writeGroupsKey(out.path(), element);
            out.setElement();
            out.reset(mark);
        }
    }

    /**
     * Appends the element of 'groups' that names an entry to {@code path}.
     */
    static void writeGroupsKey(TupleWriter path, String value) {
        if (value == null) {
            path.writeNull();
        } else {
            path.writeString(value);
        }
    }

    /**
     * Writes the node of 'scores' at the writer's path; nothing if it is null.
     */
    static void writeScores(AttributeWriter out, Map<String, List<Integer>> value) {
        if (value == null) {
            return;
        }
        out.container();
        int mark = out.mark();
        for (Map.Entry<String, List<Integer>> entry : value.entrySet()) {
            writeScoresKey(out.path(), entry.getKey());
            writeScoresElement(out, entry.getValue());
            out.reset(mark);
        }
    }

    /**
     * Writes one value of 'scores' at the writer's path.
     */
    static void writeScoresElement(AttributeWriter out, List<Integer> value) {
        if (value == null) {
            out.nullNode();
        } else {
            out.container();
            int mark2 = out.mark();
            long position2 = 0;
            for (Integer element2 : value) {
                out.position(position2++, "");
                if (element2 == null) {
                    out.nullNode();
                } else {
                    out.value().writeLong(element2);
                    out.leaf();
                }
                out.reset(mark2);
            }
        }
    }

    /**
     * Appends the key of 'scores' that names an entry to {@code path}.
     */
    static void writeScoresKey(TupleWriter path, String value) {
        path.writeString(CollectionChanges.mapKey(value, Profile_KvMapping.ENTITY, "scores"));
    }

    private static String readName(AttributeReader in) {
        return in.leaf().readString();
    }

    private static Profile.Home readHome(AttributeReader in) {
        return readProfile_HomeObject(in);
    }

    private static Map<String, String> readAttributes(AttributeReader in) {
        Map<String, String> value;
        in.container();
        value = new LinkedHashMap<>();
        int scope1 = in.enter();
        while (in.next(scope1)) {
            String key1 = in.path().readString();
            String value1;
            if (in.isNull()) {
                value1 = null;
            } else {
                value1 = in.leaf().readString();
            }
            value.put(key1, value1);
        }
        return value;
    }

    private static List<String> readFriends(AttributeReader in) {
        List<String> value;
        in.container();
        value = new ArrayList<>();
        int scope1 = in.enter();
        while (in.next(scope1)) {
            String element1;
            in.position();
            if (in.isNull()) {
                element1 = null;
            } else {
                element1 = in.leaf().readString();
            }
            value.add(element1);
        }
        return value;
    }

    private static Set<String> readGroups(AttributeReader in) {
        Set<String> value;
        in.container();
        value = new LinkedHashSet<>();
        int scope1 = in.enter();
        while (in.next(scope1)) {
            String element1;
            if (in.path().nextIsNull()) {
                in.path().readNull();
                element1 = null;
            } else {
                element1 = in.path().readString();
            }
            in.endPath();
            value.add(element1);
        }
        return value;
    }

    private static Map<String, List<Integer>> readScores(AttributeReader in) {
        Map<String, List<Integer>> value;
        in.container();
        value = new LinkedHashMap<>();
        int scope1 = in.enter();
        while (in.next(scope1)) {
            String key1 = in.path().readString();
            List<Integer> value1;
            if (in.isNull()) {
                value1 = null;
            } else {
                in.container();
                value1 = new ArrayList<>();
                int scope2 = in.enter();
                while (in.next(scope2)) {
                    Integer element2;
                    in.position();
                    if (in.isNull()) {
                        element2 = null;
                    } else {
                        element2 = in.leaf().readInt();
                    }
                    value1.add(element2);
                }
            }
            value.put(key1, value1);
        }
        return value;
    }

    private static void writeProfile_HomeObject(AttributeWriter out, Profile.Home value) {
        out.container();
        int mark = out.mark();
        String city = value.city();
        if (city != null) {
            out.field("city");
            out.value().writeString(city);
            out.leaf();
            out.reset(mark);
        }
        Profile.Point point = value.point();
        if (point != null) {
            out.field("point");
            writeProfile_PointObject(out, point);
            out.reset(mark);
        }
    }

    private static Profile.Home readProfile_HomeObject(AttributeReader in) {
        in.container();
        String city = null;
        Profile.Point point = null;
        int scope = in.enter();
        while (in.next(scope)) {
            switch (in.name()) {
                case "city": {
                    city = in.leaf().readString();
                    break;
                }
                case "point": {
                    point = readProfile_PointObject(in);
                    break;
                }
                default:
                    in.skip();
                    break;
            }
        }
        return new Profile.Home(city, point);
    }

    private static void writeProfile_PointObject(AttributeWriter out, Profile.Point value) {
        out.container();
        int mark = out.mark();
        out.field("lat");
        out.value().writeDouble(value.lat());
        out.leaf();
        out.reset(mark);
        out.field("lon");
        out.value().writeDouble(value.lon());
        out.leaf();
        out.reset(mark);
    }

    private static Profile.Point readProfile_PointObject(AttributeReader in) {
        in.container();
        double lat = 0d;
        double lon = 0d;
        int scope = in.enter();
        while (in.next(scope)) {
            switch (in.name()) {
                case "lat": {
                    lat = in.leaf().readDouble();
                    break;
                }
                case "lon": {
                    lon = in.leaf().readDouble();
                    break;
                }
                default:
                    in.skip();
                    break;
            }
        }
        return new Profile.Point(lat, lon);
    }
}
