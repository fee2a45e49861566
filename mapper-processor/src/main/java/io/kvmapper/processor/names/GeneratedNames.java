package io.kvmapper.processor.names;

import com.palantir.javapoet.ClassName;
import java.util.List;
import java.util.Locale;

/**
 * Every name the processor generates, in one place: the generated types and files here, and the members
 * that one generated type declares and another calls in the nested {@link Repository}, {@link Mapping} and
 * {@link AttributeCodec}. A writer declares a member by the name given here and calls it by the same name,
 * so no writer spells another writer's member by hand. User-facing types get clean names
 * ({@code UserRepository}); internal helpers get the {@code _Kv} suffix.
 */
public final class GeneratedNames {
    /** The processor's name, written into {@code @Generated}. */
    public static final String PROCESSOR = "io.kvmapper.processor.KvMapperProcessor";

    /** The constant holding the one instance of a mapping or a codec. */
    public static final String INSTANCE = "INSTANCE";

    private GeneratedNames() {
    }

    /** {@code p.User} gives {@code p.UserRepository}; {@code p.Outer.Inner} gives {@code p.Outer_InnerRepository}. */
    public static ClassName repository(ClassName entity) {
        return sibling(entity, "Repository");
    }

    /**
     * The implementation of a {@code @Repository} interface: {@code p.Users} gives {@code p.Users_Impl},
     * {@code p.Outer.Users} gives {@code p.Outer_Users_Impl}. Found by this name, as Spring Data finds its
     * implementations, since the processor writes no registry.
     */
    public static ClassName queryImplementation(ClassName queryInterface) {
        return sibling(queryInterface, "_Impl");
    }

    /** The internal mapping: key layout and codec binding. */
    public static ClassName mapping(ClassName entity) {
        return sibling(entity, "_KvMapping");
    }

    /** The internal JSON codec. */
    public static ClassName jsonCodec(ClassName entity) {
        return sibling(entity, "_KvJsonCodec");
    }

    /** The internal codec of the attribute-per-key layout. */
    public static ClassName attributeCodec(ClassName entity) {
        return sibling(entity, "_KvAttributeCodec");
    }

    /** The internal Protobuf codec. */
    public static ClassName protoCodec(ClassName entity) {
        return sibling(entity, "_KvProtoCodec");
    }

    /** The message of a Protobuf entity in its exported {@code .proto} file: {@code User}, {@code Outer_Inner}. */
    public static String protoMessage(ClassName entity) {
        return String.join("_", entity.simpleNames());
    }

    /**
     * The exported {@code .proto} file of a Protobuf entity, relative to the class output (so it lands in
     * the jar): {@code META-INF/kvmapper/com/example/User.proto}.
     */
    public static String protoFile(ClassName entity) {
        String directory = entity.packageName().isEmpty() ? "" : entity.packageName().replace('.', '/') + "/";
        return "META-INF/kvmapper/" + directory + protoMessage(entity) + ".proto";
    }

    /**
     * The schema file of an entity, relative to the schema directory: {@code com/example/User.json},
     * {@code com/example/Outer_Inner.json} for a nested entity.
     */
    public static String schemaFile(ClassName entity) {
        String directory = entity.packageName().isEmpty() ? "" : entity.packageName().replace('.', '/') + "/";
        return directory + String.join("_", entity.simpleNames()) + ".json";
    }

    /** The record of key components nested in a repository of an entity with a composite key. */
    public static ClassName keyRecord(ClassName entity) {
        return repository(entity).nestedClass("Key");
    }

    /** {@code name} with its first letter in upper case. */
    public static String capitalize(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    private static ClassName sibling(ClassName entity, String suffix) {
        return ClassName.get(entity.packageName(), String.join("_", entity.simpleNames()) + suffix);
    }

    /** The repository's methods whose names the validator checks for collisions before they are written. */
    public static final class Repository {
        /** The point read by the key's components. */
        public static final String FIND_BY_ID = "findById";

        private Repository() {
        }

        /** {@code findByShop}, {@code findByShopAndNumberBetween}, {@code findByEmail}: by key components or an index. */
        public static String finder(List<String> components, boolean between) {
            StringBuilder name = new StringBuilder("findBy");
            for (int i = 0; i < components.size(); i++) {
                if (i > 0) {
                    name.append("And");
                }
                name.append(capitalize(components.get(i)));
            }
            return between ? name.append("Between").toString() : name.toString();
        }

        /** The getter of a counter: {@code countByStatus}, or {@code sumRevenueByDay} for one that sums. */
        public static String counterGetter(String counter, boolean sums) {
            return (sums ? "sum" : "count") + capitalize(counter);
        }
    }

    /**
     * The members of {@code <Entity>_KvMapping} that the repository, the codecs and the mapping's own code
     * call: its constants, the record key and ranges, and the helpers of indexes, counters and partial
     * updates, named {@code <index>Index...} and {@code <counter>Counter...} after what they serve.
     */
    public static final class Mapping {
        /** The constant holding the entity's stored name. */
        public static final String ENTITY = "ENTITY";
        /** The constant holding the encoded head of every partition tuple of the entity's records. */
        public static final String PARTITION_HEAD = "PARTITION_HEAD";
        /** The constant holding the prefix of every record key of the entity. */
        public static final String ALL_RECORDS_PREFIX = "ALL_RECORDS_PREFIX";
        /** The record key of the given components. */
        public static final String KEY = "key";
        /** The range of every record of the entity. */
        public static final String ALL_RECORDS = "allRecords";
        /** The constant holding the entity's expiry definition ({@code @Expires}). */
        public static final String EXPIRY = "EXPIRY";
        /** The constant holding how long the entity's change feed keeps changes ({@code @ChangeFeed}). */
        public static final String CHANGE_FEED_RETENTION = "CHANGE_FEED_RETENTION";

        private Mapping() {
        }

        /**
         * The range of records of a prefix or between finder: {@code rangeByShop},
         * {@code rangeByShopAndNumberBetween}, named after the finder it serves.
         */
        public static String recordRange(List<String> components, boolean between) {
            return "range" + Repository.finder(components, between).substring("find".length());
        }

        /** Adds an entity's encoded values of an index to a list: {@code emailIndexValues}. */
        public static String indexValues(String index) {
            return index + "IndexValues";
        }

        /** The encoded value of an index for finder arguments: {@code emailIndexValue}. */
        public static String indexValue(String index) {
            return index + "IndexValue";
        }

        /** The encoded leading values of a composite index, before a range over its last: {@code cityIndexPrefix}. */
        public static String indexPrefix(String index) {
            return index + "IndexPrefix";
        }

        /** The encoded last value of a composite index, a bound of a range: {@code cityAndAgeIndexLast}. */
        public static String indexLast(String index) {
            return index + "IndexLast";
        }

        /** The encoded group an entity counts in: {@code byStatusCounterGroup}. */
        public static String counterGroup(String counter) {
            return counter + "CounterGroup";
        }

        /** The encoded group of getter arguments: {@code byStatusCounterGroupOf}. */
        public static String counterGroupOf(String counter) {
            return counter + "CounterGroupOf";
        }

        /** Decodes the group of a counter with one group field: {@code byStatusCounterReadGroup}. */
        public static String counterReadGroup(String counter) {
            return counter + "CounterReadGroup";
        }

        /**
         * The encoded leading group values of a counter with several group fields, all but the last:
         * {@code byCodeAndDayCounterGroupPrefix}.
         */
        public static String counterGroupPrefix(String counter) {
            return counter + "CounterGroupPrefix";
        }

        /** Decodes the last group value of a counter with several group fields: {@code byCodeAndDayCounterReadLast}. */
        public static String counterReadLast(String counter) {
            return counter + "CounterReadLast";
        }

        /** What an entity adds to a counter that sums: {@code revenueCounterAmount}. */
        public static String counterAmount(String counter) {
            return counter + "CounterAmount";
        }

        /** The entity with one field changed, for a partial update: {@code withEmail}. */
        public static String with(String field) {
            return "with" + capitalize(field);
        }
    }

    /**
     * The members of {@code <Entity>_KvAttributeCodec} that the repository's partial and element-wise
     * updates call: a descriptor per updatable field, and the writers of a field's node and of its parts.
     */
    public static final class AttributeCodec {
        private AttributeCodec() {
        }

        /** The descriptor of a field: {@code lastOrderAt} gives {@code LAST_ORDER_AT_FIELD}. */
        public static String fieldConstant(String field) {
            return field.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT) + "_FIELD";
        }

        /** The writer of a field's node: {@code writeTags}. */
        public static String fieldWriter(String field) {
            return "write" + capitalize(field);
        }

        /** The writer of one element (or map value) of a collection field's node: {@code writeTagsElement}. */
        public static String elementWriter(String field) {
            return fieldWriter(field) + "Element";
        }

        /** The writer of a set element or map key into a path: {@code writeTagsKey}. */
        public static String keyWriter(String field) {
            return fieldWriter(field) + "Key";
        }
    }
}
